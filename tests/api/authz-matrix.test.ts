// The object-level authorisation matrix, generated from the contract (issue 6): every field
// marked `x-object: <kind>` of every implemented operation is given an object outside the
// caller's organisations, for an installer and the administrator of the other tree, an end user
// of the other tree, an end user of another plant in the same tree, and the demo visitor. Each
// answer must be 10005, nothing stored may change, and no answer may carry a secret (password,
// token and code hashes, sealed API-client secrets, nonces, tokens) or the contact details of
// people the caller has no business with. New operations join the matrix by their `x-object`;
// object-marks.test.ts makes every id or serial field carry one (`x-object: none` fields,
// unscoped on purpose, are left out here).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type ContractOperation } from '../../server/contract/contract.ts';
import { alarms, apiClients, captchas, devices, oneTimeCodes, plantShares, requestNonces, roles, sessionTokens, storedFiles, users, verificationCodes } from '../../server/db/schema/index.ts';
import { SHARE_PERMISSIONS } from '../../server/domain/plants/share-permissions.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { secretKeyOf } from '../../server/domain/auth/secret-box.ts';
import { handlers } from '../../server/handlers/index.ts';
import { visitorMayCall } from '../../server/plugins/auth.ts';
import { createApiClient } from '../../server/repositories/api-clients.ts';
import { createEndUser } from '../../server/repositories/registration.ts';
import { loadConfig } from '../../server/config.ts';
import { signatureParams } from '../../src/lib/signing.ts';
import { createTestApp, DEMO_PASSWORD, type CallOptions, type TestApp } from '../fixtures/app.ts';
import { operationFields, scopedObjectFields, type ObjectField } from '../fixtures/object-fields.ts';
import { storedOrder } from '../fixtures/mall.ts';
import { storedSupportObjects } from '../fixtures/messages.ts';
import { demoPlant } from '../fixtures/plants.ts';
import { sampleRequest } from '../fixtures/sample-request.ts';
import { installWriteCounter, type WriteCounter } from '../fixtures/write-counter.ts';

type Tree = 'sunrise' | 'blueCoast';

const contract = loadContract();

/** One stored object of each kind in each office tree; a new `x-object` kind adds a line here. */
const objectIds: Record<string, Record<Tree, string>> = {};
async function findObjects(t: TestApp) {
  const userId = async (login: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, login)))[0]!.id;
  const key = secretKeyOf(loadConfig({}, { inMemoryDb: true }));
  const client = async (officeId: string, login: string) => (await createApiClient(t.database.db, key, { apiName: `Matrix ${officeId}`, officeId, createdBy: await userId(login) })).clientId;
  objectIds.user = { sunrise: await userId('owner'), blueCoast: await userId('owner2') };
  objectIds.office = { sunrise: '11', blueCoast: '21' };
  objectIds.apiClient = { sunrise: await client('11', 'installer'), blueCoast: await client('21', 'installer2') };
  objectIds.plant = { sunrise: await demoPlant(t, 'owner', 0), blueCoast: await demoPlant(t, 'owner2', 0) };
  // Shared with accounts that are no caller of the matrix: a visitor of the plant could leave it.
  const share = async (plantUid: string, login: string) =>
    String((await t.database.db.insert(plantShares).values({ plantUid, visitorUserId: await userId(login), permissions: [...SHARE_PERMISSIONS] }).returning())[0]!.id);
  objectIds.plantVisitor = { sunrise: await share(objectIds.plant.sunrise, 'support'), blueCoast: await share(objectIds.plant.blueCoast, 'owner') };
  // Free devices imported by each tree's offices: the Sunrise service centre and Blue Coast's installers.
  const device = async (officeId: string) =>
    (await t.database.db.insert(devices).values({ sn: `MATRIX${officeId}${randomUUID().slice(0, 8).toUpperCase()}`, snType: 1, officeId }).returning())[0]!.sn;
  objectIds.device = { sunrise: await device('12'), blueCoast: await device('21') };
  // Points-mall orders of each tree's end user.
  objectIds.order = { sunrise: await storedOrder(t, 'owner'), blueCoast: await storedOrder(t, 'owner2') };
  // An untreated alarm of a device of each tree's plant (the matrix's plants have none yet).
  const alarm = async (plantUid: string, officeId: string) => {
    const [device] = await t.database.db.insert(devices).values({ sn: `MATRIXA${randomUUID().slice(0, 8).toUpperCase()}`, snType: 1, plantUid, officeId }).returning();
    const now = new Date();
    return String((await t.database.db.insert(alarms).values({
      deviceId: device!.id, deviceSn: device!.sn, deviceType: device!.snType, plantUid, alarmCode: 9001, alarmName: 'Matrix alarm', level: 1, startTime: now, updateTime: now,
    }).returning())[0]!.id);
  };
  objectIds.alarm = { sunrise: await alarm(objectIds.plant.sunrise, '11'), blueCoast: await alarm(objectIds.plant.blueCoast, '21') };
  // A file each tree's end user uploaded (the record is what ossDownload checks; no bytes needed).
  const storedFile = async (login: string, officeId: string) => {
    const id = randomUUID().replace(/-/g, '');
    await t.database.db.insert(storedFiles).values({ id, fileName: `${id}.pdf`, contentType: 'application/pdf', size: 0, uploadedBy: await userId(login), officeId });
    return id;
  };
  objectIds.storedFile = { sunrise: await storedFile('owner', '11'), blueCoast: await storedFile('owner2', '21') };
  // A private message, a feedback and a support conversation of each tree's end user.
  const support = { sunrise: await storedSupportObjects(t, await userId('owner'), '11'), blueCoast: await storedSupportObjects(t, await userId('owner2'), '21') };
  for (const kind of ['message', 'feedback', 'conversation'] as const) {
    objectIds[kind === 'conversation' ? 'chatConversation' : kind] = { sunrise: support.sunrise[kind], blueCoast: support.blueCoast[kind] };
  }
}

/** Callers the demo has no account for; each gets one here. */
async function extraLogins(t: TestApp): Promise<Record<string, string>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // An end user of the Sunrise tree with a plant of their own and nothing else: registered like
  // anyone who signs up (public office '1'), so neither the Sunrise owner's plants nor anything
  // of its offices is theirs.
  await createEndUser(t.database.db, {
    loginName: 'matrix-neighbour', nickname: 'Nina Neighbour', email: 'neighbour@matrix.example', passwordHash, countryCode: 'CN', timeZone: 'Asia/Shanghai', lang: 'en',
  }, 'email');
  await demoPlant(t, 'matrix-neighbour', 0);
  // Blue Coast's administrator, at the root of that tree.
  const [administrator] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 'Administrator'));
  await t.database.db.insert(users).values({ id: randomUUID(), loginName: 'matrix-admin2', nickname: 'Blue Coast admin', roleId: administrator!.id, officeId: '2', passwordHash });
  return { neighbour: 'matrix-neighbour', admin2: 'matrix-admin2' };
}

/** The callers, the tree whose objects each must not reach, and the tree it belongs to. */
const CALLERS = [
  { role: 'installer2', foreign: 'sunrise' },
  // Holds every permission, so that every operation reaches its object check, not just its permission check.
  { role: 'admin2', foreign: 'sunrise' },
  { role: 'owner2', foreign: 'sunrise' },
  // Same tree as the objects, but an end user sees only what they own or were shared.
  { role: 'neighbour', foreign: 'sunrise' },
  { role: 'visitor', foreign: 'blueCoast' },
] as const;

/**
 * Fields that a field is read only together with: agent mode is what makes addPlant look at
 * endUserId, and without it the matrix would test the scan rules instead.
 */
const COMPANIONS: Record<string, Record<string, string>> = {
  'addPlant.endUserId': { ifAgent: '1' },
};

const WEB_KEY = loadConfig({}, { inMemoryDb: true }).webClientKey;

/** A signed multipart request, as src/api/client.ts sends uploads: file parts are not signed. */
function multipartRequest(method: 'GET' | 'POST', path: string, options: CallOptions, files: Set<string>): InjectOptions {
  const boundary = 'matrix-boundary';
  const form = Object.fromEntries(Object.entries(options.form ?? {}).map(([k, v]) => [k, String(v)]));
  const fields = Object.fromEntries(Object.entries(form).filter(([name]) => !files.has(name)));
  const query = Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]));
  const signed = signatureParams(WEB_KEY, { clientId: 'web', appProjectName: 'portal', lang: 'en' }, { ...fields, ...query });
  const parts = Object.entries(form).map(([name, value]) => files.has(name)
    ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n${value}\r\n`
    : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return {
    method, url: `/dev-api${path}`, query: { ...query, ...signed },
    headers: { authorization: `Bearer ${options.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${parts.join('')}--${boundary}--\r\n`,
  };
}

/** The `random` of every signed request the matrix sent (the embedded server keeps nonces in memory). */
const sentNonces: string[] = [];

/**
 * What no answer may hold: stored hashes of passwords, tokens and codes, sealed API-client
 * secrets, signature nonces, and the callers' own tokens. Read after the run, when every nonce
 * and session of it is stored.
 */
async function storedSecrets(): Promise<{ what: string; value: string }[]> {
  const db = t.database.db;
  const rows = (what: string, values: { value: string | null }[]) => values.flatMap(({ value }) => (value && value.length >= 16 ? [{ what, value }] : []));
  return [
    ...rows('a password hash', await db.select({ value: users.passwordHash }).from(users)),
    ...rows('a session token hash', await db.select({ value: sessionTokens.hash }).from(sessionTokens)),
    ...rows('a sealed API-client secret', await db.select({ value: apiClients.secretEncrypted }).from(apiClients)),
    ...rows('a signature nonce', [...await db.select({ value: requestNonces.random }).from(requestNonces), ...sentNonces.map((value) => ({ value }))]),
    ...rows('a verification code hash', await db.select({ value: verificationCodes.codeHash }).from(verificationCodes)),
    ...rows('a captcha answer hash', await db.select({ value: captchas.answerHash }).from(captchas)),
    ...rows('a one-time code hash', await db.select({ value: oneTimeCodes.codeHash }).from(oneTimeCodes)),
    ...Object.entries(tokens).map(([role, value]) => ({ what: `${role}'s access token`, value })),
  ];
}

let t: TestApp;
let counter: WriteCounter;
const tokens: Record<string, string> = {};
let treeOneContacts: string[] = [];
beforeAll(async () => {
  // Each caller makes hundreds of requests within a minute here: the rate limits (tested on their
  // own in rate-limit.test.ts) would answer the last ones 10006 instead of what is checked.
  t = await createTestApp({ config: { rateLimitPerToken: 0, rateLimitPerIp: 0 } });
  await findObjects(t);
  const logins = await extraLogins(t);
  for (const { role } of CALLERS) {
    const answer = role === 'visitor' ? await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin') : { body: { data: await t.api.login(logins[role] ?? role) } };
    tokens[role] = answer.body.data.token;
  }
  // The neighbour's own details are theirs to see; no one else's in tree 1 is the callers' business.
  const rows = ((await t.database.db.execute(sql`select u.email, u.phone from users u join offices o on o.id = u.office_id where o.path not like '/2%' and u.login_name <> 'matrix-neighbour'`)) as unknown as { rows: { email: string | null; phone: string | null }[] }).rows;
  treeOneContacts = rows.flatMap((r) => [r.email, r.phone]).filter((v): v is string => Boolean(v));
  counter = await installWriteCounter(t.database.db, ['request_nonces']);
});
afterAll(() => t.close());

describe('object-level authorisation matrix', () => {
  it('answers 10005 to every caller outside the object\'s organisations, and changes nothing', async () => {
    const checked: string[] = [];
    const notImplemented: string[] = [];
    const wrong: string[] = [];
    const answers: { label: string; text: string }[] = [];
    for (const operation of contract.operations) {
      const fields = scopedObjectFields(contract, operation);
      if (!fields.length) continue;
      if (!(operation.operationId in handlers)) {
        notImplemented.push(operation.operationId);
        continue;
      }
      for (const field of fields) {
        expect(objectIds[field.kind], `no registry entry for x-object kind ${field.kind}`).toBeDefined();
        for (const { role, foreign } of CALLERS) {
          const label = `${operation.operationId}.${field.name} as ${role}`;
          const before = await counter.total();
          const request = matrixRequest(operation, field, objectIds[field.kind]![foreign], tokens[role]!);
          sentNonces.push(String((request.query as Record<string, string>).random));
          const response = await t.app.inject(request);
          expect(await counter.total(), `${label} wrote`).toBe(before);
          const text = response.body;
          const errCode = String(response.headers['content-type']).startsWith('application/json') ? (JSON.parse(text) as { errCode: number }).errCode : 0;
          checked.push(label);
          answers.push({ label, text });
          if (errCode !== 10005) wrong.push(`${label}: errCode ${errCode} ${text.slice(0, 160)}`);
          if (role !== 'visitor') for (const contact of treeOneContacts) expect(text, `${label} leaked ${contact}`).not.toContain(contact);
          // The visitor is read-only: every write it tries is refused whatever the object.
          if (role === 'visitor' && !visitorMayCall(operation)) expect(errCode, label).toBe(10005);
        }
      }
    }
    console.log(`authorisation matrix: ${checked.length} operation × field × caller pairs checked; not yet implemented: ${notImplemented.join(', ') || 'none'}`);
    expect(wrong).toEqual([]);
    const secrets = await storedSecrets();
    // The scan is only as good as what it looks for: each kind of secret the run stores is there.
    for (const what of ['a password hash', 'a session token hash', 'a sealed API-client secret', 'a signature nonce']) {
      expect(secrets.filter((secret) => secret.what === what).length, what).toBeGreaterThan(0);
    }
    const leaks = answers.flatMap(({ label, text }) => secrets.filter(({ value }) => text.includes(value)).map(({ what }) => `${label} answered ${what}`));
    expect(leaks).toEqual([]);
    expect(answers.filter(({ text }) => text.includes('$argon2')).map(({ label }) => label)).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(30);
  });
});

/** The operation's plainest valid request, with the field set to the object and the caller's token. */
function matrixRequest(operation: ContractOperation, field: ObjectField & { where: 'query' | 'path' | 'body' }, id: string, token: string): InjectOptions {
  const { path, options } = sampleRequest(contract, operation);
  const target = field.where === 'body' ? (options.form ??= {}) : (options.query ??= {});
  Object.assign(target, COMPANIONS[`${operation.operationId}.${field.name}`]);
  if (field.where !== 'path') target[field.name] = id;
  const url = field.where === 'path' ? path.replace(/[^/]+$/, encodeURIComponent(id)) : path;
  const method = operation.method as 'GET' | 'POST';
  if (operation.requestType === 'multipart/form-data') {
    const files = new Set(operationFields(contract, operation).filter((f) => f.file).map((f) => f.name));
    return multipartRequest(method, url, { ...options, token }, files);
  }
  return t.api.request(method, url, { ...options, token });
}

