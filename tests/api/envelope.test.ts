// The envelope and the error catalogue at the edges: unknown paths, oversized and unreadable
// bodies, schema violations, faults and answers outside the contract (PROTOCOL.md "envelope").
// One app with a small body limit and two sabotaged handlers serves every case.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCodes } from '../../server/db/schema/index.ts';
import { handlers } from '../../server/handlers/index.ts';
import type { Handlers } from '../../server/handlers/types.ts';
import { translate } from '../../server/i18n/messages.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

const BODY_LIMIT = 2048;

const sabotaged: Handlers = {
  ...handlers,
  pageList: async () => {
    throw new Error('secret detail');
  },
  getLoginInfo: async () => ({ wrong: 'shape' }) as never,
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ config: { bodyLimit: BODY_LIMIT }, handlers: sabotaged });
  admin = (await t.api.login('admin')).token;
});
afterAll(() => t.close());

const modelCodeCount = async () => (await t.database.db.select({ n: count() }).from(modelCodes))[0]!.n;
const validModelCode = { modelCode: 'ENV-1', modelName: 'Envelope inverter', deviceType: 1 };

describe('transport errors', () => {
  it('answers an unknown path under /dev-api with 404 and the envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/dev-api/api/v1/no/such/thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ errCode: 10003, errMsg: 'No such path: /dev-api/api/v1/no/such/thing', data: null });
    }
  });

  it('answers a body over the limit with 413 and the envelope, and stores nothing', async () => {
    const before = await modelCodeCount();
    const { status, body } = await t.api.post('/api/v1/modelCode/add', {
      token: admin, form: { ...validModelCode, remark: 'x'.repeat(BODY_LIMIT) },
    });
    expect(status).toBe(413);
    expect(body).toEqual({ errCode: 10003, errMsg: 'The request is too large', data: null });
    expect(await modelCodeCount()).toBe(before);
  });

  it('answers malformed JSON with 10003', async () => {
    const request = t.api.request('POST', '/api/v1/monitor/plant/validateDeviceSnList', { token: admin, json: [{ deviceSn: 'SN1' }] });
    const response = await t.app.inject({ ...request, payload: '[{"deviceSn": "SN1"' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toMatch(/could not be read/);
    expect(body.data).toBeNull();
  });

  it('answers JSON sent to a form operation with 10003 naming content-type, and stores nothing', async () => {
    const before = await modelCodeCount();
    const { status, body } = await t.api.post('/api/v1/modelCode/add', { token: admin, json: validModelCode });
    expect(status).toBe(200);
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toContain('application/x-www-form-urlencoded');
    expect(body.data).toEqual({ errors: [expect.objectContaining({ field: 'content-type', rule: 'invalid' })] });
    expect(await modelCodeCount()).toBe(before);
  });
});

describe('schema violations', () => {
  const cases: { name: string; form: Record<string, string | number | undefined>; field: string; rule: string; zh: string }[] = [
    { name: 'too long', form: { modelCode: 'A'.repeat(51) }, field: 'modelCode', rule: 'maxLength', zh: 'modelCode：最多 50 个字符' },
    { name: 'missing', form: { modelName: undefined }, field: 'modelName', rule: 'required', zh: 'modelName：必填' },
    { name: 'not in the enum', form: { deviceType: 9 }, field: 'deviceType', rule: 'enum', zh: 'deviceType：必须是 1, 2, 3, 4, 5, 6, 7 之一' },
    { name: 'not above the exclusive minimum', form: { ratedPower: 0 }, field: 'ratedPower', rule: 'exclusiveMinimum', zh: 'ratedPower：必须大于 0' },
    { name: 'above the maximum', form: { ratedPower: 2501 }, field: 'ratedPower', rule: 'maximum', zh: 'ratedPower：不能大于 2500' },
  ];

  for (const c of cases) {
    it(`answers 10003 naming ${c.field} and ${c.rule} (${c.name}), in Chinese for zh-CN`, async () => {
      const before = await modelCodeCount();
      const { body } = await t.api.post<{ errors: { field: string; rule: string; message: string }[] }>('/api/v1/modelCode/add', {
        token: admin, lang: 'zh-CN', form: { ...validModelCode, ...c.form },
      });
      expect(body.errCode).toBe(10003);
      expect(body.data.errors).toEqual([{ field: c.field, rule: c.rule, message: c.zh }]);
      expect(body.errMsg).toBe(c.zh);
      expect(await modelCodeCount()).toBe(before);
    });
  }

  it('answers in each language of the web app, a language tag\'s own or its language\'s', async () => {
    const cases = [['de', 'modelCode: darf höchstens 50 Zeichen lang sein'], ['zh-TW', 'modelCode：最多 50 個字元'], ['ft', 'modelCode：最多 50 個字元']];
    for (const [lang, message] of cases) {
      const { body } = await t.api.post('/api/v1/modelCode/add', { token: admin, lang, form: { ...validModelCode, modelCode: 'A'.repeat(51) } });
      expect(body.errMsg, lang).toBe(message);
    }
  });

  it('names every failing field, in English by default', async () => {
    const { body } = await t.api.post<{ errors: { field: string; rule: string }[] }>('/api/v1/modelCode/add', {
      token: admin, form: { modelCode: 'A'.repeat(51), deviceType: 0 },
    });
    expect(body.errCode).toBe(10003);
    expect(body.data.errors.map((e) => `${e.field}:${e.rule}`).sort()).toEqual(['deviceType:enum', 'modelCode:maxLength', 'modelName:required']);
    expect(body.errMsg).toContain('modelCode: must be at most 50 characters');
    expect(body.errMsg).toContain('modelName: is required');
  });
});

describe('faults', () => {
  it('answers a handler fault with 10001 and no internals', async () => {
    for (const lang of ['en', 'zh-CN']) {
      const response = await t.app.inject(t.api.request('GET', '/api/v1/modelCode/pageList', { token: admin, lang }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ errCode: 10001, errMsg: translate(lang, 'error.fault'), data: null });
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toMatch(/Error|stack|\.ts/);
    }
  });

  it('answers data outside the contract with 10001 error.responseContract', async () => {
    const { status, body } = await t.api.get('/api/v1/sys/user/getLoginInfo', { token: admin });
    expect(status).toBe(200);
    expect(body).toEqual({ errCode: 10001, errMsg: translate('en', 'error.responseContract'), data: null });
    expect(JSON.stringify(body)).not.toContain('shape');
  });
});

describe('request ids', () => {
  it('sets x-request-id on every kind of answer', async () => {
    const answers = [
      await t.app.inject(t.api.request('POST', '/api/v1/sys/login', { form: { username: 'admin', password: 'Demo@2026' } })),
      await t.app.inject(t.api.request('GET', '/api/v1/modelCode/listModelCode', { token: admin })),
      await t.app.inject(t.api.request('GET', '/api/v1/modelCode/pageList', { token: admin })),
      await t.app.inject(t.api.request('GET', '/api/v1/modelCode/listModelCode', { token: 'garbage' })),
      await t.app.inject({ method: 'GET', url: '/dev-api/api/v1/no/such/thing' }),
      await t.app.inject({ method: 'GET', url: '/dev-api/api/v1/modelCode/listModelCode' }),
      await t.app.inject({ ...t.api.request('POST', '/api/v1/modelCode/add', { token: admin }), payload: 'remark='.padEnd(BODY_LIMIT + 10, 'x') }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 404, 200, 413]);
    expect(answers.map((a) => a.json().errCode)).toEqual([0, 0, 10001, 10002, 10003, 10003, 10003]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never takes the caller\'s x-request-id as its own', async () => {
    const request = t.api.request('GET', '/api/v1/modelCode/listModelCode', { token: admin });
    const response = await t.app.inject({ ...request, headers: { ...request.headers, 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
