// The probe reads of the fuzz run (issue 19): after every request that wrote, accepted or
// refused, each caller's lists and dashboards must still answer errCode 0 if they did before.
// A write that stores what a read cannot show (a plant time zone that Intl does not know) passes
// every check of its own answer and yet breaks the plant lists of a whole tree.
//
// Each caller has a fixed set of probes: its session (getLoginInfo), its plants (getPlantList,
// and getOnePlantInfo and getPlantPowerAndPVPowerCurve of plants it lists), its dashboards, and
// the admin lists its role may open (accounts, offices, device inventory). A probe is judged
// against what it answered just before the write: one that a role may not call answers 10005
// before and after and is never judged. Answers are kept until the next write (only a write
// changes them): the plant probes of a plant that a request names are asked before the request
// if it may write and they have no answer since the last write, and after it. A write of
// sessions alone (a login, a logout) is followed by the writer's session probe only.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Contract, ContractOperation } from '../../server/contract/contract.ts';
import type { ApiClient } from '../../tests/fixtures/app.ts';
import { sampleRequest } from '../../tests/fixtures/sample-request.ts';
import type { Role, Sessions } from './sessions.ts';

export interface ProbeSpec {
  operationId: string;
  /** Asked about one plant the caller lists (its `plantUid`). */
  plant?: true;
}

/** The probe reads: plants, devices, accounts, offices, dashboards, and the session itself. */
export const PROBES: readonly ProbeSpec[] = [
  { operationId: 'getLoginInfo' },
  { operationId: 'getPlantList' },
  { operationId: 'getOnePlantInfo', plant: true },
  { operationId: 'getPlantPowerAndPVPowerCurve', plant: true },
  { operationId: 'getHomePlantStatisticsData' },
  { operationId: 'getHomeEneryStatisticsData' },
  { operationId: 'getHomeDeviceStatisticsData' },
  { operationId: 'companyAccountList' },
  { operationId: 'pageOffice' },
  { operationId: 'deviceInventoryPage' },
];

/** What a probe answered: its errCode (undefined for no envelope) and errMsg. */
export interface Outcome {
  errCode: number | undefined;
  errMsg: string;
}

/** One probe asked of one caller: the operation, and the plant when it is about one. */
export interface ProbeCall {
  operationId: string;
  plantUid?: string;
}

export const probeKey = (call: ProbeCall) => (call.plantUid === undefined ? call.operationId : `${call.operationId} plantUid=${call.plantUid}`);

/** A probe that answered 0 before the write and does not now. */
export interface Broken {
  key: string;
  now: Outcome;
}

/** The probes broken by a write: those that answered 0 just before it and do not now. */
export function brokenProbes(before: ReadonlyMap<string, Outcome>, now: ReadonlyMap<string, Outcome>): Broken[] {
  const broken: Broken[] = [];
  for (const [key, outcome] of now) {
    if (before.get(key)?.errCode === 0 && outcome.errCode !== 0) broken.push({ key, now: outcome });
  }
  return broken;
}

/** Who the caller is, as far as what it may read goes: a change of it (a new role, another office) changes the probes' answers by right. */
export function identityOf(loginInfo: unknown): string | undefined {
  const data = (loginInfo as { data?: { userInfo?: { userId?: unknown; userType?: unknown; visitor?: unknown }; roles?: unknown; permissions?: unknown; officeId?: unknown } } | undefined)?.data;
  if (!data) return undefined;
  const permissions = Array.isArray(data.permissions) ? [...(data.permissions as string[])].sort() : data.permissions;
  return JSON.stringify([data.userInfo?.userId, data.userInfo?.userType, data.userInfo?.visitor, data.roles, permissions, data.officeId]);
}

/** The plants on a getPlantList answer, in its order. */
export function listedPlants(answer: unknown): string[] | undefined {
  const list = (answer as { errCode?: unknown; data?: { list?: unknown } } | undefined)?.data?.list;
  if ((answer as { errCode?: unknown } | undefined)?.errCode !== 0 || !Array.isArray(list)) return undefined;
  return list.map((plant) => (plant as { plantUid?: unknown }).plantUid).filter((uid): uid is string => typeof uid === 'string');
}

/**
 * The plants whose probes a caller is asked about after a write: the first it lists (its anchor),
 * and the plants the write named that it listed before and lists now (one it no longer lists was
 * deleted or given away). `now` is undefined when the list itself no longer answers; the plants
 * are then those it listed before.
 */
export function plantsToProbe(before: readonly string[], now: readonly string[] | undefined, named: readonly string[]): string[] {
  const current = now ?? before;
  const anchor = current[0];
  const plants = anchor === undefined ? [] : [anchor];
  for (const uid of named) if (before.includes(uid) && current.includes(uid) && !plants.includes(uid)) plants.push(uid);
  return plants;
}

/** The plant uids a request names (fields named plantUid, wherever they are), that are stored plants. */
export function namedPlants(request: { query: Record<string, unknown>; body: unknown }, stored: readonly string[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, name: string | undefined, depth: number) => {
    if (depth > 4) return;
    if (typeof value === 'string' && name === 'plantUid' && stored.includes(value)) found.add(value);
    else if (Array.isArray(value)) for (const item of value) visit(item, name, depth + 1);
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, key, depth + 1);
  };
  visit(request.query, undefined, 0);
  visit(request.body, undefined, 0);
  return [...found];
}

/** Builds the probes' requests from the contract: each operation's plainest valid request (tests/fixtures/sample-request.ts). */
export class ProbeRequests {
  private readonly plain = new Map<string, { operation: ContractOperation; request: ReturnType<typeof sampleRequest> }>();

  constructor(contract: Contract, private readonly api: ApiClient) {
    for (const spec of PROBES) {
      const operation = contract.operations.find((o) => o.operationId === spec.operationId);
      if (!operation) throw new Error(`probe ${spec.operationId} is no operation of the contract`);
      this.plain.set(spec.operationId, { operation, request: sampleRequest(contract, operation) });
    }
  }

  request(call: ProbeCall, token: string): InjectOptions {
    const { operation, request: { path, options } } = this.plain.get(call.operationId)!;
    const query = { ...options.query, ...(call.plantUid === undefined ? {} : { plantUid: call.plantUid }) };
    return this.api.request(operation.method as 'GET' | 'POST', path, { ...options, query, token });
  }
}

/** Answers that say the caller's session is over (Sessions.ended): the write ended it, which is no broken read. */
const SESSION_OVER = new Set([10002, 10004, 10007]);

/** A probe that a write broke, for the report. */
export interface BrokenRead extends Broken {
  role: Role;
}

/** The broken probes of one write, one line per probe and answer, with the callers it broke for. */
export function describeBroken(broken: readonly BrokenRead[]): string[] {
  const groups = new Map<string, Role[]>();
  for (const b of broken) {
    const what = `${b.key} → ${String(b.now.errCode)} ${b.now.errMsg.slice(0, 80)}`;
    groups.set(what, [...(groups.get(what) ?? []), b.role]);
  }
  return [...groups].map(([what, roles]) => `${what} (as ${roles.join(', ')})`);
}

interface RoleState {
  /** What each probe answered since the last write. */
  answers: Map<string, Outcome>;
  /** The plants its list showed, in order. */
  plants: string[];
  identity: string | undefined;
}

const SESSION_PROBE = 'getLoginInfo';
const plantProbes = PROBES.filter((p) => p.plant);
const callerProbes = PROBES.filter((p) => !p.plant);

/** The probes of every caller, asked before the run and after each write. */
export class ReadWatch {
  private readonly states = new Map<Role, RoleState>();
  /** Probe rounds after writes of data and of sessions alone, probe requests and the time they took, for the summary. */
  readonly stats = { rounds: 0, sessionRounds: 0, requests: 0, ms: 0 };

  /**
   * `fresh` runs before each round, so that the probes read what is stored rather than what a
   * memo of the server kept from before the write.
   */
  constructor(private readonly app: FastifyInstance, private readonly requests: ProbeRequests, private readonly sessions: Sessions,
    private readonly roles: readonly Role[], private readonly fresh: () => Promise<unknown>) {}

  /** The probes' first answers. */
  async start(): Promise<void> {
    for (const role of this.roles) {
      const state = await this.round(role, undefined, []);
      if (state) this.states.set(role, state);
    }
  }

  /** Before a request that may write: the plant probes of the plants it names, where a caller lists them and has no answer since the last write. */
  async beforeRequest(named: readonly string[]): Promise<void> {
    if (!named.length) return;
    const started = performance.now();
    for (const [role, state] of this.states) {
      const calls = named.filter((plantUid) => state.plants.includes(plantUid))
        .flatMap((plantUid) => plantProbes.map((p) => ({ operationId: p.operationId, plantUid })))
        .filter((call) => !state.answers.has(probeKey(call)));
      if (!calls.length) continue;
      const asked = await this.ask(role, calls);
      if (asked) for (const [key, outcome] of asked.answers) state.answers.set(key, outcome);
    }
    this.stats.ms += performance.now() - started;
  }

  /**
   * After a write naming `named` plants: the probes of every caller again; answers the probes it
   * broke. A write of `sessionOf` one caller's sessions alone (a login, a logout) can change no
   * stored data: only that caller's session probe is asked again.
   */
  async afterWrite(named: readonly string[], sessionOf?: Role): Promise<BrokenRead[]> {
    const started = performance.now();
    if (sessionOf) this.stats.sessionRounds += 1;
    else this.stats.rounds += 1;
    if (!sessionOf) await this.fresh();
    const broken: BrokenRead[] = [];
    for (const role of sessionOf ? this.roles.filter((r) => r === sessionOf) : this.roles) {
      const before = this.states.get(role);
      const now = sessionOf && before ? await this.session(role, before) : await this.round(role, before, named);
      if (!now) {
        // The write made the account unusable (Sessions.lost): it has nothing left to read.
        this.states.delete(role);
        continue;
      }
      this.states.set(role, now);
      // A new role or office changes what the caller may read: its answers start afresh.
      if (!before || before.identity !== now.identity) continue;
      for (const b of brokenProbes(before.answers, now.answers)) broken.push({ ...b, role });
    }
    this.stats.ms += performance.now() - started;
    return broken;
  }

  /** A caller's session probe, its other answers kept. */
  private async session(role: Role, before: RoleState): Promise<RoleState | undefined> {
    const asked = await this.ask(role, [{ operationId: SESSION_PROBE }]);
    if (!asked) return undefined;
    return { answers: new Map([...before.answers, ...asked.answers]), plants: before.plants, identity: identityOf(asked.bodies.get(SESSION_PROBE)) };
  }

  /** A caller's probes: its own, then those of the plants to ask about. */
  private async round(role: Role, before: RoleState | undefined, named: readonly string[]): Promise<RoleState | undefined> {
    const own = await this.ask(role, callerProbes.map((p) => ({ operationId: p.operationId })));
    if (!own) return undefined;
    const listed = listedPlants(own.bodies.get('getPlantList'));
    const calls = plantsToProbe(before?.plants ?? [], listed, named).flatMap((plantUid) => plantProbes.map((p) => ({ operationId: p.operationId, plantUid })));
    const plants = await this.ask(role, calls);
    if (!plants) return undefined;
    return { answers: new Map([...own.answers, ...plants.answers]), plants: listed ?? before?.plants ?? [], identity: identityOf(own.bodies.get(SESSION_PROBE)) };
  }

  /** Asks the calls as the caller; once more with a new session if the first one was over. Undefined if the caller has no session left. */
  private async ask(role: Role, calls: readonly ProbeCall[], retried = false): Promise<{ answers: Map<string, Outcome>; bodies: Map<string, unknown> } | undefined> {
    const token = await this.sessions.token(role);
    if (!token) return undefined;
    const answers = new Map<string, Outcome>();
    const bodies = new Map<string, unknown>();
    for (const call of calls) {
      const response = await this.app.inject(this.requests.request(call, token));
      this.stats.requests += 1;
      const body = parse(response.body);
      const errCode = typeof body?.errCode === 'number' ? body.errCode : undefined;
      if (errCode !== undefined && SESSION_OVER.has(errCode) && !retried) {
        this.sessions.ended(role, errCode);
        return this.ask(role, calls, true);
      }
      answers.set(probeKey(call), { errCode, errMsg: typeof body?.errMsg === 'string' ? body.errMsg : `HTTP ${response.statusCode}` });
      bodies.set(probeKey(call), body);
    }
    return { answers, bodies };
  }
}

function parse(text: string): { errCode?: unknown; errMsg?: unknown; data?: unknown } | undefined {
  try {
    return JSON.parse(text) as { errCode?: unknown; errMsg?: unknown; data?: unknown };
  } catch {
    return undefined;
  }
}
