// The object-level authorisation matrix, generated from the contract (issue 6): every field
// marked `x-object` of every implemented operation is given an object outside the caller's
// organisations, for a professional of the other tree, an end user of the other tree and the
// demo visitor. Each answer must be 10005, nothing stored may change, and no answer may carry a
// secret or the other tree's contact details. New operations join the matrix by their `x-object`.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, operationObject, type ContractOperation } from '../../server/contract/contract.ts';
import { resolve as resolveSchema } from '../../scripts/fuzz/sampler.ts';
import { users } from '../../server/db/schema/index.ts';
import { secretKeyOf } from '../../server/domain/auth/secret-box.ts';
import { handlers } from '../../server/handlers/index.ts';
import { visitorMayCall } from '../../server/plugins/auth.ts';
import { createApiClient } from '../../server/repositories/api-clients.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { sampleRequest } from '../fixtures/sample-request.ts';
import { installWriteCounter, type WriteCounter } from '../fixtures/write-counter.ts';

type Json = Record<string, unknown>;
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
}

/** The callers, the tree whose objects each must not reach, and the tree it belongs to. */
const CALLERS = [
  { role: 'installer2', foreign: 'sunrise' },
  { role: 'owner2', foreign: 'sunrise' },
  { role: 'visitor', foreign: 'blueCoast' },
] as const;

interface ObjectField { where: 'query' | 'path' | 'body'; name: string; kind: string }

function objectFields(operation: ContractOperation): ObjectField[] {
  const resolve = (node: unknown) => resolveSchema(contract.document, node);
  const raw = operationObject(contract, operation);
  const fields: ObjectField[] = [];
  for (const parameter of ((raw.parameters as unknown[] | undefined) ?? []).map(resolve)) {
    const kind = parameter['x-object'] ?? resolve(parameter.schema)['x-object'];
    if (typeof kind === 'string') fields.push({ where: parameter.in as 'query' | 'path', name: parameter.name as string, kind });
  }
  const body = raw.requestBody ? resolve(raw.requestBody) : undefined;
  const schema = body && operation.requestType ? resolve((body.content as Record<string, Json>)[operation.requestType]!.schema) : undefined;
  for (const [name, property] of Object.entries((schema?.properties ?? {}) as Json)) {
    const kind = resolve(property)['x-object'];
    if (typeof kind === 'string') fields.push({ where: 'body', name, kind });
  }
  return fields;
}

let t: TestApp;
let counter: WriteCounter;
const tokens: Record<string, string> = {};
let treeOneContacts: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await findObjects(t);
  for (const { role } of CALLERS) {
    const answer = role === 'visitor' ? await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin') : { body: { data: await t.api.login(role) } };
    tokens[role] = answer.body.data.token;
  }
  const rows = ((await t.database.db.execute(sql`select u.email, u.phone from users u join offices o on o.id = u.office_id where o.path not like '/2%'`)) as unknown as { rows: { email: string | null; phone: string | null }[] }).rows;
  treeOneContacts = rows.flatMap((r) => [r.email, r.phone]).filter((v): v is string => Boolean(v));
  counter = await installWriteCounter(t.database.db, ['request_nonces']);
});
afterAll(() => t.close());

describe('object-level authorisation matrix', () => {
  it('answers 10005 to every caller outside the object\'s organisations, and changes nothing', async () => {
    const checked: string[] = [];
    const notImplemented: string[] = [];
    const wrong: string[] = [];
    for (const operation of contract.operations) {
      const fields = objectFields(operation);
      if (!fields.length) continue;
      if (!(operation.operationId in handlers)) {
        notImplemented.push(operation.operationId);
        continue;
      }
      for (const field of fields) {
        expect(objectIds[field.kind], `no registry entry for x-object kind ${field.kind}`).toBeDefined();
        for (const { role, foreign } of CALLERS) {
          const { path, options } = sampleRequest(contract, operation);
          const id = objectIds[field.kind]![foreign];
          if (field.where === 'path') options.query = { ...options.query };
          const target = field.where === 'body' ? (options.form ?? (options.form = {})) : (options.query ?? (options.query = {}));
          target[field.name] = id;
          const before = await counter.total();
          const response = await t.app.inject(t.api.request(operation.method as 'GET' | 'POST', field.where === 'path' ? path.replace(/[^/]+$/, encodeURIComponent(id)) : path, { ...options, token: tokens[role] }));
          const text = response.body;
          const errCode = String(response.headers['content-type']).startsWith('application/json') ? (JSON.parse(text) as { errCode: number }).errCode : 0;
          const label = `${operation.operationId}.${field.name} as ${role}`;
          checked.push(label);
          if (errCode !== 10005) wrong.push(`${label}: errCode ${errCode} ${text.slice(0, 160)}`);
          expect(await counter.total(), `${label} wrote`).toBe(before);
          expect(text, `${label} leaked a password hash`).not.toContain('$argon2');
          if (role !== 'visitor') for (const contact of treeOneContacts) expect(text, `${label} leaked ${contact}`).not.toContain(contact);
          // The visitor is read-only: every write it tries is refused whatever the object.
          if (role === 'visitor' && !visitorMayCall(operation)) expect(errCode, label).toBe(10005);
        }
      }
    }
    console.log(`authorisation matrix: ${checked.length} operation × field × caller pairs checked; not yet implemented: ${notImplemented.join(', ') || 'none'}`);
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(30);
  });
});
