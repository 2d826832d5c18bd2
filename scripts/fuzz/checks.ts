// What every answer of the fuzz run must satisfy (issue 6): no 5xx, the envelope (or the file the
// operation promises), the operation's own two-shaped schema, no 10001 but `not implemented`,
// no stored change from a refused request, and no secret or foreign contact detail in any answer.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { operationObject, resolveRef, type Contract, type ContractOperation } from '../../server/contract/contract.ts';
import { addDecimalMultipleOf } from '../../server/contract/multiple-of.ts';

export const CHECKS = ['no 5xx', 'envelope or promised file', 'answer within its schema', 'no unexpected 10001', 'refusal writes nothing', 'no secrets or foreign contacts',
  // Checked by run.ts with the probe reads (probes.ts), after each request that wrote.
  'no write breaks a read'] as const;
export type CheckName = (typeof CHECKS)[number];

/**
 * Tables a refused request may legitimately write, with why:
 * - login_failures: a wrong password is counted (the lockout of docs/security.md);
 * - captchas, verification_codes: a wrong answer uses up an attempt;
 * - outbox: the lockout notice goes out with the refusal that triggered it;
 * - request_nonces: a signed request's random is spent even when the request is then refused.
 */
export const BOOKKEEPING_TABLES = ['login_failures', 'captchas', 'verification_codes', 'outbox', 'request_nonces'];
/** A refresh token presented twice revokes its session, and the answer is a refusal (PROTOCOL.md). */
const WRITES_ON_REFUSAL: Record<string, string[]> = { refreshToken: ['sessions', 'session_tokens'] };

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export interface Secrets {
  /** Password hashes, token hashes and sealed secrets read from the database. */
  values: Set<string>;
  /** Contact details of the first office tree's users, which the second tree must never see. */
  treeOneContacts: Set<string>;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** Every `format` named anywhere in the document. */
function formatsOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) formatsOf(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string') found.add(value);
      else formatsOf(value, found);
    }
  }
  return found;
}

export class Checker {
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });

  constructor(private readonly contract: Contract) {
    addFormats(this.ajv);
    // The contract's decimal multipleOf, as the server and the forms judge it: Ajv's own refused a
    // stored 1.2 as a multiple of 0.1 (a member level's points multiplier, seed 20261122).
    addDecimalMultipleOf(this.ajv);
    // Formats of the contract's own (server/contract), which the server checks: not judged here.
    for (const format of formatsOf(contract.document)) if (!this.ajv.formats[format]) this.ajv.addFormat(format, true);
    this.ajv.addSchema({ $id: 'urn:fuzz:root', components: (contract.document as { components: unknown }).components });
  }

  private validatorOf(operation: ContractOperation): ValidateFunction | undefined {
    if (this.validators.has(operation.operationId)) return this.validators.get(operation.operationId);
    const responses = operationObject(this.contract, operation).responses as Record<string, unknown>;
    const response = resolveRef(this.contract.document, responses['200']) as { content?: Record<string, { schema: unknown }> };
    const schema = response.content?.['application/json']?.schema;
    // Refs point at the root document's components, which the schema below is given as its own.
    const validate = schema ? this.ajv.compile({ ...(schema as object), components: (this.contract.document as { components: unknown }).components }) : undefined;
    this.validators.set(operation.operationId, validate!);
    return validate;
  }

  /** The failed checks of one answer, each with a short reason. */
  check(operation: ContractOperation, answer: Answer, context: { writes: string[]; treeTwoCaller: boolean; secrets: Secrets; request?: string }): [CheckName, string][] {
    const failures: [CheckName, string][] = [];
    if (answer.status >= 500) failures.push(['no 5xx', `HTTP ${answer.status}`]);
    const json = answer.contentType.startsWith('application/json');
    let body: { errCode?: unknown; errMsg?: unknown; data?: unknown } | undefined;
    if (json) {
      try {
        body = JSON.parse(answer.text) as typeof body;
      } catch {
        failures.push(['envelope or promised file', 'JSON that does not parse']);
      }
    }
    const isEnvelope = body && typeof body === 'object' && Number.isInteger(body.errCode) && typeof body.errMsg === 'string' && 'data' in body && Object.keys(body).length === 3;
    const promisedFile = operation.file && answer.status === 200 && !json;
    if (!isEnvelope && !promisedFile) failures.push(['envelope or promised file', `${answer.status} ${answer.contentType} ${answer.text.slice(0, 120)}`]);
    if (isEnvelope && answer.status === 200) {
      const validate = this.validatorOf(operation);
      if (validate && !validate(body)) failures.push(['answer within its schema', JSON.stringify(validate.errors?.slice(0, 2))]);
    }
    if (isEnvelope && body!.errCode === 10001 && !String(body!.errMsg).startsWith('not implemented:')) failures.push(['no unexpected 10001', String(body!.errMsg)]);
    // A file answered is a success (an export records its download), not a refusal.
    const refused = isEnvelope ? body!.errCode !== 0 : !promisedFile;
    const allowed = [...BOOKKEEPING_TABLES, ...(WRITES_ON_REFUSAL[operation.operationId] ?? [])];
    const unexpected = context.writes.filter((table) => !allowed.includes(table));
    if (refused && unexpected.length) failures.push(['refusal writes nothing', `wrote ${unexpected.join(', ')} with errCode ${String(body?.errCode)}`]);
    const leaks = [...context.secrets.values].filter((secret) => answer.text.includes(secret));
    if (answer.text.includes('$argon2')) leaks.push('$argon2…');
    // A contact the caller sent itself is no leak when the answer names it back ("phone: … already exists").
    if (context.treeTwoCaller) leaks.push(...[...context.secrets.treeOneContacts].filter((contact) => answer.text.includes(contact) && !context.request?.includes(contact)));
    if (leaks.length) failures.push(['no secrets or foreign contacts', leaks.map((l) => l.slice(0, 12)).join(', ')]);
    return failures;
  }
}
