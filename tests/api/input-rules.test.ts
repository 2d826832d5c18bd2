// The input rules every operation inherits (docs/input-rules.md), with the defects an outside
// fuzz run found as regressions: blank names, NUL and control characters, unbounded integers,
// and one bad stored row making a list unreadable.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClients, modelCodes } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type FieldErrors = { errors: { field: string; rule: string }[] } | null;

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  // `log` is how development runs: an answer outside the contract is sent and logged.
  t = await createTestApp({ config: { responseContract: 'log' }, logStream });
  admin = (await t.api.login('admin')).token;
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));
const addModelCode = (form: Record<string, string | number>) =>
  t.api.post<FieldErrors>('/api/v1/modelCode/add', { token: admin, form: { deviceType: 1, ...form } });
const storedModelCode = async (code: string) => (await t.database.db.select().from(modelCodes).where(eq(modelCodes.modelCode, code)))[0];

describe('strings are trimmed and composed before the schema judges them', () => {
  it('refuses names made only of whitespace, and stores nothing', async () => {
    for (const [index, blank] of [' ', '\t', '\r\n', ' \t\r\n '].entries()) {
      const { body } = await addModelCode({ modelCode: `BLANK-${index}`, modelName: blank });
      expect(body.errCode).toBe(10003);
      expect(fieldsOf(body.data)).toEqual([{ field: 'modelName', rule: 'minLength' }]);
      expect(await storedModelCode(`BLANK-${index}`)).toBeUndefined();
    }
    const apiInfo = await t.api.post<FieldErrors>('/api/v1/sys/office/addApiInfo', { token: admin, form: { apiName: ' \t ' } });
    expect(fieldsOf(apiInfo.body.data)).toEqual([{ field: 'apiName', rule: 'minLength' }]);
    expect(await t.database.db.select().from(apiClients).where(eq(apiClients.name, ''))).toHaveLength(0);
  });

  it('stores trimmed, NFC-composed text and keeps line breaks inside it', async () => {
    const { body } = await addModelCode({ modelCode: '  TRIM-1  ', modelName: ' Cafe\u0301 inverter ', remark: 'line 1\r\nline 2' });
    expect(body.errCode).toBe(0);
    expect(await storedModelCode('TRIM-1')).toMatchObject({ modelName: 'Café inverter', remark: 'line 1\r\nline 2' });
  });
});

describe('control characters', () => {
  it('answer 10003 naming the field, with or without a session, before anything reaches the database', async () => {
    const cases = [
      { call: () => t.api.post<FieldErrors>('/api/v1/sys/login', { form: { username: 'adm\u0000in', password: 'x' } }), field: 'username' },
      { call: () => t.api.get<FieldErrors>('/api/v1/sys/captcha/checkCaptcha', { query: { captchaId: 'id\u0000', answer: 'abcd' } }), field: 'captchaId' },
      { call: () => t.api.get<FieldErrors>('/api/v1/sys/user/companyAccountList', { token: admin, query: { searchKey: '\u0000' } }), field: 'searchKey' },
      { call: () => t.api.post<FieldErrors>('/api/v1/sys/user/saveUserInfo', { token: owner, form: { nickname: 'Olivia\u001b[31m' } }), field: 'nickname' },
      { call: () => addModelCode({ modelCode: 'CTRL-1', modelName: 'bell\u0007' }), field: 'modelName' },
      { call: () => addModelCode({ modelCode: 'CTRL-2', modelName: 'C1\u0085control' }), field: 'modelName' },
      { call: () => t.api.get<FieldErrors>('/api/v1/sys/office/getUserOfficeListPage', { token: admin, query: { searchKey: 'del\u007f' } }), field: 'searchKey' },
    ];
    for (const { call, field } of cases) {
      const { status, body } = await call();
      expect(status).toBe(200);
      expect(body.errCode, field).toBe(10003);
      expect(fieldsOf(body.data)).toEqual([{ field, rule: 'controlCharacters' }]);
      expect(body.errMsg).toBe(`${field}: contains control characters, which are not allowed`);
    }
    expect(await storedModelCode('CTRL-1')).toBeUndefined();
  });

  it('are refused in the user\'s language', async () => {
    const { body } = await t.api.post<FieldErrors>('/api/v1/sys/login', { form: { username: 'a\u0000', password: 'x' }, lang: 'zh-CN' });
    expect(body.errMsg).toBe('username：包含不允许的控制字符');
  });
});

describe('integers', () => {
  it('are bounded: Infinity, NaN, 1e40, 2^53+1 and ids past int32 answer 10003 naming the field', async () => {
    for (const pageNo of ['Infinity', '-Infinity', 'NaN', '1e40', '9007199254740993', '2147483648', '0x10', '1.5']) {
      for (const path of ['/api/v1/modelCode/pageList', '/api/v1/sys/office/getUserOfficeListPage']) {
        const { body } = await t.api.get<FieldErrors>(path, { token: admin, query: { pageNo } });
        expect(body.errCode, `${path} pageNo=${pageNo}`).toBe(10003);
        expect(fieldsOf(body.data)?.[0]?.field).toBe('pageNo');
      }
    }
    const id = await t.api.get<FieldErrors>('/api/v1/modelCode/pageList', { token: admin, query: { id: 2147483648 } });
    expect(fieldsOf(id.body.data)).toEqual([{ field: 'id', rule: 'maximum' }]);
    // The largest int32 passes the schema; the list then refuses a page that deep by its own rule.
    const deepest = await t.api.get<FieldErrors>('/api/v1/modelCode/pageList', { token: admin, query: { pageNo: 2147483647 } });
    expect(fieldsOf(deepest.body.data)).toEqual([{ field: 'pageNo', rule: 'pageDepth' }]);
  });
});

describe('a stored row outside the contract', () => {
  it('does not make the list unreadable, and the log names the row', async () => {
    // Written past the API, as an older version or a hand-made fix could have.
    const [bad] = await t.database.db.insert(modelCodes).values({ modelCode: 'LEGACY-BLANK', modelName: '', deviceType: 1 }).returning();
    logLines.length = 0;
    const { body } = await t.api.get<{ list: { id: number; modelCode: string }[] }>('/api/v1/modelCode/pageList', { token: admin, query: { modelCode: 'LEGACY' } });
    expect(body.errCode).toBe(0);
    expect(body.data.list.map((row) => row.modelCode)).toEqual(['LEGACY-BLANK']);
    const entry = logLines.map((line) => JSON.parse(line) as { msg: string; operationId?: string; rows?: unknown[] }).find((line) => line.msg === 'response outside the contract');
    expect(entry).toMatchObject({ operationId: 'pageList', rows: [{ path: '/list/0', key: { id: bad!.id, modelCode: 'LEGACY-BLANK' } }] });
    expect((await t.api.get('/api/v1/modelCode/listModelCode', { token: admin })).body.errCode).toBe(0);
  });
});

describe('JSON nesting', () => {
  it('is bounded for every JSON body: 100,000 levels answer 10003 naming the body, never a system error', async () => {
    for (const [path, token] of [['/api/v1/monitor/plant/validateDeviceSnList', admin], ['/api/v1/ingest/telemetry', undefined]] as const) {
      const request = t.api.request('POST', path, { ...(token ? { token } : {}), json: [] });
      const depth = 100_000;
      const answer = await t.app.inject({ ...request, payload: `{"records":${'['.repeat(depth)}${']'.repeat(depth)}}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json(), path).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'body', rule: 'maxDepth' }] } });
    }
  });

  it('lets ordinary bodies through', async () => {
    const { body } = await t.api.post<FieldErrors>('/api/v1/monitor/plant/validateDeviceSnList', { token: admin, json: [{ deviceSn: 'NOSUCHSERIAL9' }] });
    expect(body.data?.errors?.[0]?.rule).not.toBe('maxDepth');
  });
});
