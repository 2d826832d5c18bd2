// The contract against the spec's endpoint list, and the router against the contract: every
// operation is routed, unimplemented ones answer `not implemented`, handlers name real operations.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type ContractOperation } from '../../server/contract/contract.ts';
import { handlers } from '../../server/handlers/index.ts';
import { SIGNATURE_FIELDS } from '../../src/lib/signing.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

const contract = loadContract();

function tsv(file: string): string[][] {
  return readFileSync(new URL(`../../openapi/${file}`, import.meta.url), 'utf8')
    .split('\n').filter((line) => line.trim() !== '').map((line) => line.split('\t'));
}

const endpoints = tsv('endpoints.tsv');
const [endpointHeader, ...endpointRows] = endpoints;
const operationRows = tsv('operations.tsv');

const find = (method: string, path: string) => contract.operations.find((o) => o.method === method && o.path === path);

/**
 * The real handlers less those of four areas, as if they were not built yet: the router must answer
 * their operations `not implemented` (as it answers the operations nobody has built) whether they
 * are GETs or POSTs, public (the sites' siteList) or signed, however few of the real ones are still missing.
 */
const UNBUILT_AREAS = ['/api/v1/alarm/', '/api/v1/mgmsg/', '/api/v1/chat/', '/api/v1/sys/site/'];
const unbuilt = (o: ContractOperation) => UNBUILT_AREAS.some((prefix) => o.path.startsWith(prefix));
const partialHandlers = Object.fromEntries(Object.entries(handlers)
  .filter(([id]) => !contract.operations.some((o) => o.operationId === id && unbuilt(o)))) as typeof handlers;

/** Operations with no handler that need no input, so that a bare call reaches the handler. */
function callableWithoutInput(o: ContractOperation): boolean {
  const required = (schema: Record<string, unknown> | undefined) => ((schema?.required as unknown[] | undefined) ?? []).length > 0;
  const body = o.schema.body;
  return !(o.operationId in partialHandlers) && !o.schema.params && !required(o.schema.querystring)
    && (!body || (body.type === 'object' && !required(body) && !body.minProperties));
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ handlers: partialHandlers });
  admin = (await t.api.login('admin')).token;
});
afterAll(() => t.close());

describe('contract against the spec lists', () => {
  it('reads both lists', () => {
    expect(endpointHeader).toEqual(['method', 'path', 'area', 'source']);
    expect(endpointRows.length).toBeGreaterThan(150);
    expect(operationRows.length).toBe(contract.operations.length);
  });

  it('has an operation for every endpoint of the spec', () => {
    const missing = endpointRows.filter(([method, path]) => !find(method!, path!)).map((r) => `${r[0]} ${r[1]}`);
    expect(missing).toEqual([]);
  });

  it('matches every row of operations.tsv (area, method, path, operationId)', () => {
    const mismatched = operationRows.filter(([area, method, path, operationId]) => {
      const o = contract.byId.get(operationId!);
      return !o || o.area !== area || o.method !== method || o.path !== path;
    });
    expect(mismatched).toEqual([]);
    const listed = new Set(operationRows.map((r) => r[3]));
    expect(contract.operations.filter((o) => !listed.has(o.operationId)).map((o) => o.operationId)).toEqual([]);
  });

  it('has unique operationIds and unique method + path pairs', () => {
    const ids = contract.operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(contract.byId.size).toBe(ids.length);
    const routes = contract.operations.map((o) => `${o.method} ${o.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('has a handler only for operations of the contract', () => {
    const unknown = Object.keys(handlers).filter((id) => !contract.byId.has(id));
    expect(unknown).toEqual([]);
    expect(Object.keys(handlers)).toEqual(expect.arrayContaining(['login', 'refreshToken', 'logout', 'getLoginInfo', 'getRouters', 'pageList', 'modelCodeAdd']));
  });

  it('marks addPlant unsigned and the add-plant wizard calls with site:add', () => {
    const addPlant = contract.byId.get('addPlant')!;
    expect(addPlant.signed).toBe(false);
    expect(addPlant.public).toBe(false);
    for (const id of ['checkFirstScanSnInfoV2', 'validateDeviceSnList', 'addPlant']) {
      expect(contract.byId.get(id)?.permissions, id).toContain('site:add');
    }
    // Every other operation is signed: addPlant is the spec's only exception.
    expect(contract.operations.filter((o) => !o.signed).map((o) => o.operationId)).toEqual(['addPlant']);
  });
});

describe('router against the contract', () => {
  it('registers a route for every operation', () => {
    const unrouted = contract.operations.filter((o) => !t.app.hasRoute({ method: o.method, url: `/dev-api${o.path.replace(/\{(\w+)\}/g, ':$1')}` }));
    expect(unrouted.map((o) => o.operationId)).toEqual([]);
  });

  it('answers every operation with the envelope, never 404 (unsigned, without token: stopped at the gate)', async () => {
    const answers = await Promise.all(contract.operations.map(async (o) => {
      const response = await t.app.inject({ method: o.method, url: `/dev-api${o.path.replace(/\{(\w+)\}/g, '1')}` });
      const body = response.json() as { errCode: number; data: unknown };
      return { id: o.operationId, status: response.statusCode, errCode: body.errCode };
    }));
    const wrong = answers.filter((a) => a.status !== 200 || ![10002, 10003].includes(a.errCode));
    expect(wrong).toEqual([]);
    // Signed operations are stopped by the signature check; addPlant (unsigned) by the token check.
    expect(answers.find((a) => a.id === 'addPlant')?.errCode).toBe(10002);
    expect(answers.find((a) => a.id === 'login')?.errCode).toBe(10003);
  });

  it('answers 10001 `not implemented: <operationId>` for siteList (public GET) and userAlarmPage (POST), their areas unbuilt', async () => {
    const siteList = await t.api.get('/api/v1/sys/site/list');
    expect(siteList.status).toBe(200);
    expect(siteList.body).toEqual({ errCode: 10001, errMsg: 'not implemented: siteList', data: null });

    const alarms = await t.api.post('/api/v1/alarm/device/userAlarmPage', { token: admin, form: { pageNo: 1, pageSize: 10 } });
    expect(alarms.body).toEqual({ errCode: 10001, errMsg: 'not implemented: userAlarmPage', data: null });
  });

  it('answers `not implemented` for every unimplemented operation that needs no input', async () => {
    const candidates = contract.operations.filter(callableWithoutInput);
    expect(candidates.filter((o) => o.method === 'POST').length).toBeGreaterThan(1);
    expect(candidates.filter((o) => o.method === 'GET').length).toBeGreaterThan(2);
    const wrong: string[] = [];
    for (const o of candidates) {
      const { body } = await t.api.call(o.method as 'GET' | 'POST', o.path, { token: admin, ...(o.method === 'POST' ? { form: {} } : {}) });
      if (body.errCode !== 10001 || body.errMsg !== `not implemented: ${o.operationId}`) wrong.push(`${o.operationId}: ${body.errCode} ${body.errMsg}`);
    }
    expect(wrong).toEqual([]);
  });

  it('serves the menu at its double-slash path as written', async () => {
    const { body } = await t.api.get<{ name: string }[]>('/api/v1//system/menu/getRouters', { token: admin, query: { platformType: 4 } });
    expect(body.errCode).toBe(0);
    expect(body.data.map((r) => r.name)).toContain('Index');
  });
});

describe('rules every operation inherits from the generated contract', () => {
  type Node = Record<string, unknown>;
  const schemasIn = (node: unknown, visit: (schema: Node, where: string) => void, where = ''): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => schemasIn(item, visit, `${where}/${i}`));
    if (!node || typeof node !== 'object') return;
    visit(node as Node, where);
    for (const [key, value] of Object.entries(node)) schemasIn(value, visit, `${where}/${key}`);
  };

  it('bounds every integer and number (int32 unless a schema says otherwise)', () => {
    const unbounded: string[] = [];
    schemasIn(contract.document, (schema, where) => {
      const types = [schema.type].flat();
      if (!types.includes('integer') && !types.includes('number')) return;
      if (schema.enum || schema.const !== undefined) return;
      const low = schema.minimum ?? schema.exclusiveMinimum;
      const high = schema.maximum ?? schema.exclusiveMaximum;
      if (typeof low !== 'number' || typeof high !== 'number') unbounded.push(where);
    });
    expect(unbounded).toEqual([]);
  });

  it('describes each JSON answer as the success envelope or the error envelope', () => {
    const document = contract.document as { paths: Record<string, Record<string, { responses: Record<string, Node> }>>; components: { responses: Record<string, Node> } };
    for (const [p, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        let response = operation.responses['200']!;
        if (typeof response.$ref === 'string') response = document.components.responses[response.$ref.split('/').pop()!]!;
        const content = response.content as Record<string, { schema: Node }>;
        const schema = content['application/json']!.schema;
        const files = Object.keys(content).some((type) => type !== 'application/json');
        if (files) expect(schema, `${method} ${p}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
        else expect((schema.oneOf as Node[] | undefined)?.[1], `${method} ${p}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      }
    }
  });

  it('accepts the real answers of both kinds against the operation\'s own schema', async () => {
    const operation = (contract.document as { paths: Record<string, Record<string, { responses: { 200: { content: Record<string, { schema: unknown }> } } }>> })
      .paths['/api/v1/modelCode/pageList']!.get!;
    const components = (contract.document as { components: unknown }).components;
    const validate = contract.ajv.compile({ ...(operation.responses[200].content['application/json']!.schema as object), components });
    const answers = [
      await t.api.get('/api/v1/modelCode/pageList', { token: admin }),
      await t.api.get('/api/v1/modelCode/pageList'),
      await t.api.get('/api/v1/modelCode/pageList', { token: admin, query: { pageSize: 5000 } }),
    ];
    expect(answers.map((a) => a.body.errCode)).toEqual([0, 10002, 10003]);
    for (const answer of answers) expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
    // And a success-shaped error is not accepted.
    expect(validate({ errCode: 10003, errMsg: 'x', data: { list: [], total: 0, pageNo: 1, pageSize: 10 } })).toBe(false);
  });
});

describe('request fields and the signature', () => {
  it('never name a request field like a signature parameter, which the client adds to every call', () => {
    // The spec's switchLanguage sends the new language as `lang` itself.
    const allowed = new Set(['switchLanguage:lang']);
    const fields = (schema: { properties?: object } | undefined) => Object.keys(schema?.properties ?? {});
    const clashes = contract.operations.flatMap((o) => [...fields(o.schema.querystring), ...fields(o.schema.body)]
      .filter((name) => [...SIGNATURE_FIELDS, 'bodyHash'].includes(name as never) && !allowed.has(`${o.operationId}:${name}`))
      .map((name) => `${o.operationId}:${name}`));
    expect(clashes).toEqual([]);
  });
});

describe('values that later reads interpret', () => {
  it('are time zones of the time-zone format wherever a request body carries one (a stored zone decides every day boundary)', () => {
    const resolved = (schema: Record<string, unknown> | undefined) =>
      (typeof schema?.$ref === 'string' ? contract.ajv.getSchema(schema.$ref)?.schema : schema) as Record<string, unknown> | undefined;
    const fields = contract.operations.flatMap((o) => Object.entries((resolved(o.schema.body)?.properties ?? {}) as Record<string, Record<string, unknown>>)
      .filter(([name]) => /timeZone$/i.test(name)).map(([name, schema]) => ({ field: `${o.operationId}:${name}`, format: resolved(schema)?.format })));
    expect(fields.length).toBeGreaterThanOrEqual(4);
    expect(fields.filter((f) => f.format !== 'time-zone')).toEqual([]);
  });
});
