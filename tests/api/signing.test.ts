// Request signing (PROTOCOL.md "Request signing"): a bad, stale, replayed or missing signature
// is a 10003 naming the field, and nothing of the request runs.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCodes } from '../../server/db/schema/index.ts';
import { SIGNATURE_FIELDS } from '../../src/lib/signing.ts';
import { ApiClient, createTestApp, type CallOptions, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
});
afterAll(() => t.close());

type FieldErrors = { errors: { field: string; rule: string }[] } | null;

const rowsWithCode = (code: string) => t.database.db.select().from(modelCodes).where(eq(sql`lower(${modelCodes.modelCode})`, code.toLowerCase()));
const allRows = () => t.database.db.select({ id: modelCodes.id }).from(modelCodes);

/** modelCodeAdd of a new code, signed as `signing` says. */
const add = (code: string, signing?: CallOptions['signing']) =>
  t.api.post<FieldErrors>('/api/v1/modelCode/add', { token: admin, form: { modelCode: code, modelName: `Model ${code}`, deviceType: 1 }, ...(signing ? { signing } : {}) });

/** Expects a signature failure on `field` and no row for `code`. */
async function expectRejected(code: string, answer: Pick<Awaited<ReturnType<typeof add>>, 'status' | 'body'>, field: string, message: RegExp) {
  expect(answer.status).toBe(200);
  expect(answer.body.errCode).toBe(10003);
  expect(answer.body.errMsg).toMatch(message);
  expect(answer.body.data?.errors[0]?.field).toBe(field);
  expect(await rowsWithCode(code)).toHaveLength(0);
}

describe('signed operations', () => {
  it('accept a correctly signed request (the baseline of every case below)', async () => {
    const { body } = await add('SIG-OK');
    expect(body.errCode).toBe(0);
    expect(await rowsWithCode('SIG-OK')).toHaveLength(1);
  });

  it('reject a replayed random: the second request does not run', async () => {
    const request = t.api.request('POST', '/api/v1/modelCode/add', { token: admin, form: { modelCode: 'SIG-REPLAY', modelName: 'Replay', deviceType: 1 } });
    const first = await t.app.inject(request);
    expect(first.json().errCode).toBe(0);
    await t.database.db.delete(modelCodes).where(eq(modelCodes.modelCode, 'SIG-REPLAY'));

    const second = await t.app.inject(request);
    expect(second.json()).toMatchObject({ errCode: 10003, errMsg: 'random: already used', data: { errors: [{ field: 'random', rule: 'invalid' }] } });
    expect(await rowsWithCode('SIG-REPLAY')).toHaveLength(0);
  });

  it('reject a used random even in a new, correctly signed request', async () => {
    const request = t.api.request('GET', '/api/v1/modelCode/listModelCode', { token: admin });
    expect((await t.app.inject(request)).json().errCode).toBe(0);
    const random = (request.query as Record<string, string>).random!;
    const answer = await add('SIG-REUSED', { resign: { random } });
    await expectRejected('SIG-REUSED', answer, 'random', /already used/);
  });

  it('reject a timeStamp outside the 300-second window, however well signed', async () => {
    const past = await add('SIG-STALE', { resign: { timeStamp: String(Date.now() - 301_000) } });
    await expectRejected('SIG-STALE', past, 'timeStamp', /within 300 seconds/);
    const future = await add('SIG-FUTURE', { resign: { timeStamp: String(Date.now() + 301_000) } });
    await expectRejected('SIG-FUTURE', future, 'timeStamp', /within 300 seconds/);
    const garbage = await add('SIG-NAN', { resign: { timeStamp: 'yesterday' } });
    await expectRejected('SIG-NAN', garbage, 'timeStamp', /invalid format/);

    // The same re-signing inside the window is accepted: the time alone made the difference.
    const recent = await add('SIG-RECENT', { resign: { timeStamp: String(Date.now() - 200_000) } });
    expect(recent.body.errCode).toBe(0);
  });

  it('reject a wrong signature', async () => {
    const answer = await add('SIG-WRONG', { override: { signature: 'ab'.repeat(32) } });
    await expectRejected('SIG-WRONG', answer, 'signature', /does not match/);
    const short = await add('SIG-SHORT', { override: { signature: 'abc' } });
    await expectRejected('SIG-SHORT', short, 'signature', /does not match/);
  });

  it('reject a signature made with another key', async () => {
    const foreign = new ApiClient(t.app, 'not-the-web-key');
    const answer = await foreign.post<FieldErrors>('/api/v1/modelCode/add', { token: admin, form: { modelCode: 'SIG-KEY', modelName: 'Key', deviceType: 1 } });
    await expectRejected('SIG-KEY', answer, 'signature', /does not match/);
  });

  it('reject a body or query changed after signing', async () => {
    const request = t.api.request('POST', '/api/v1/modelCode/add', { token: admin, form: { modelCode: 'SIG-BODY', modelName: 'Body', deviceType: 1 } });
    const tampered = await t.app.inject({ ...request, payload: String(request.payload).replace('SIG-BODY', 'SIG-EVIL') });
    expect(tampered.json()).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'signature' }] } });
    expect(await rowsWithCode('SIG-BODY')).toHaveLength(0);
    expect(await rowsWithCode('SIG-EVIL')).toHaveLength(0);

    const query = await t.api.get<FieldErrors>('/api/v1/modelCode/pageList', { token: admin, query: { modelCode: 'SIG' }, signing: { override: { modelCode: 'OTHER' } } });
    expect(query.body.errCode).toBe(10003);
    expect(query.body.data?.errors[0]?.field).toBe('signature');
  });

  it('reject a request without signature, or without any of the required signing fields', async () => {
    const answer = await add('SIG-NONE', { override: { signature: null } });
    await expectRejected('SIG-NONE', answer, 'signature', /required for a signed request/);
    for (const field of ['clientId', 'timeStamp', 'random'] as const) {
      const missing = await add(`SIG-NO-${field}`, { override: { [field]: null } });
      await expectRejected(`SIG-NO-${field}`, missing, field, /required for a signed request/);
    }
    const unsigned = await add('SIG-UNSIGNED', 'none');
    await expectRejected('SIG-UNSIGNED', unsigned, 'clientId', /required for a signed request/);
  });

  it('reject an unknown clientId, even when signed with the web key', async () => {
    const answer = await add('SIG-CLIENT', { resign: { clientId: 'someone-else' } });
    await expectRejected('SIG-CLIENT', answer, 'clientId', /unknown client/);
  });

  it('reject a random that is not 32 characters of [A-Za-z0-9]', async () => {
    const answer = await add('SIG-RANDOM', { resign: { random: 'short' } });
    await expectRejected('SIG-RANDOM', answer, 'random', /invalid format/);
  });

  it('check the signature before the token', async () => {
    const answer = await t.api.post<FieldErrors>('/api/v1/modelCode/add', {
      token: 'not-a-token', form: { modelCode: 'SIG-ORDER', modelName: 'Order', deviceType: 1 }, signing: { override: { signature: null } },
    });
    expect(answer.body.errCode).toBe(10003);
    expect(answer.body.data?.errors[0]?.field).toBe('signature');
  });

  it('accept only canonical forms: a decimal timeStamp, a lower-case signature, each field once', async () => {
    const now = Date.now();
    const spellings = [['SIG-HEX', `0x${now.toString(16)}`], ['SIG-FRACTION', `${now}.5`], ['SIG-EXPONENT', `${now / 1e12}e12`], ['SIG-LEADING-ZERO', `0${now}`]] as const;
    for (const [code, timeStamp] of spellings) {
      await expectRejected(code, await add(code, { resign: { timeStamp } }), 'timeStamp', /invalid format/);
    }

    const form = { modelCode: 'SIG-UPPER', modelName: 'Upper', deviceType: 1 };
    const upper = t.api.request('POST', '/api/v1/modelCode/add', { token: admin, form });
    const query = upper.query as Record<string, string>;
    await expectRejected('SIG-UPPER', { status: 200, body: (await t.app.inject({ ...upper, query: { ...query, signature: query.signature!.toUpperCase() } })).json() }, 'signature', /does not match/);

    // The query's copy would be the signed one and the body's would travel unsigned.
    const twice = await t.api.post<FieldErrors>('/api/v1/modelCode/add', { token: admin, query: { modelName: 'Signed name' }, form: { modelCode: 'SIG-TWICE', modelName: 'Unsigned name', deviceType: 1 } });
    await expectRejected('SIG-TWICE', twice, 'modelName', /only once/);

    const repeated = t.api.request('POST', '/api/v1/modelCode/add', { token: admin, form: { modelCode: 'SIG-REPEATED', modelName: 'Repeated', deviceType: 1 } });
    const repeatedQuery = { ...(repeated.query as Record<string, string>), lang: ['en', 'zh-CN'] };
    await expectRejected('SIG-REPEATED', { status: 200, body: (await t.app.inject({ ...repeated, query: repeatedQuery })).json() }, 'lang', /only once/);
  });

  it('wrote exactly the rows of the accepted requests', async () => {
    const codes = (await t.database.db.select({ code: modelCodes.modelCode }).from(modelCodes)).map((r) => r.code).sort();
    expect(codes).toEqual(['SIG-OK', 'SIG-RECENT']);
    expect(await allRows()).toHaveLength(2);
  });
});

describe('unsigned operations (x-signed: false)', () => {
  it('let addPlant through without signature, but not without token', async () => {
    const installer = (await t.api.login('installer')).token;
    const answer = await t.api.post<FieldErrors>('/api/v1/monitor/plant/addPlant', { token: installer, form: {}, signing: 'none' });
    // Past the signature check and the token check: the body's own schema is what fails.
    expect(answer.body.errCode).toBe(10003);
    const fields = answer.body.data?.errors.map((e) => e.field) ?? [];
    expect(fields).toContain('plantName');
    expect(fields.filter((f) => (SIGNATURE_FIELDS as readonly string[]).includes(f))).toEqual([]);

    const anonymous = await t.api.post('/api/v1/monitor/plant/addPlant', { form: {}, signing: 'none' });
    expect(anonymous.body.errCode).toBe(10002);
  });

  it('still enforce the signature on the other wizard calls', async () => {
    const installer = (await t.api.login('installer')).token;
    const answer = await t.api.get<FieldErrors>('/api/v1/monitor/plant/checkFirstScanSnInfoV2', { token: installer, query: { sn: 'SN1' }, signing: 'none' });
    expect(answer.body.errCode).toBe(10003);
    expect(answer.body.data?.errors[0]?.field).toBe('clientId');
  });
});

describe('JSON bodies (bodyHash)', () => {
  const path = '/api/v1/monitor/plant/validateDeviceSnList';
  const list = [{ deviceSn: 'NOSUCHSERIAL1' }];
  const request = () => t.api.request('POST', path, { token: admin, json: list });
  const errorOf = async (options: ReturnType<typeof request>) => (await t.app.inject(options)).json() as { errCode: number; data: FieldErrors };

  it('accept the body whose hash was signed', async () => {
    // Not a signature failure: the list itself is checked (the serial does not exist).
    const answer = await errorOf(request());
    expect(answer.data?.errors[0]?.field).not.toBe('bodyHash');
  });

  it('refuse a body changed after signing, a missing hash and a hash in capitals', async () => {
    const changed = request();
    expect(await errorOf({ ...changed, payload: JSON.stringify([{ deviceSn: 'NOSUCHSERIAL2' }]) })).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'bodyHash' }] } });
    const signed = request();
    const { bodyHash: _hash, ...withoutHash } = signed.query as Record<string, string>;
    expect(await errorOf({ ...signed, query: withoutHash })).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'bodyHash' }] } });
    const upper = request();
    const query = upper.query as Record<string, string>;
    expect(await errorOf({ ...upper, query: { ...query, bodyHash: query.bodyHash!.toUpperCase() } })).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'bodyHash' }] } });
  });

  it('check the hash however the JSON media type is spelt (RFC 9110: type and subtype are case-insensitive)', async () => {
    for (const type of ['Application/JSON', 'application/JSON; charset=UTF-8', ' APPLICATION/json']) {
      const signed = request();
      const swapped = { ...signed, headers: { ...signed.headers, 'content-type': type }, payload: JSON.stringify([{ deviceSn: 'DEMOFREEINV01' }]) };
      expect(await errorOf(swapped), type).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'bodyHash' }] } });
      const intact = request();
      const answer = await errorOf({ ...intact, headers: { ...intact.headers, 'content-type': type } });
      expect(answer.data?.errors[0]?.field, type).not.toBe('bodyHash');
    }
  });

  it('refuse a hash that matches the body but is not the one signed', async () => {
    const signed = request();
    const other = JSON.stringify([{ deviceSn: 'NOSUCHSERIAL3' }]);
    const { bodyHash } = await import('../../src/lib/signing.ts');
    const answer = await errorOf({ ...signed, payload: other, query: { ...(signed.query as Record<string, string>), bodyHash: bodyHash(other) } });
    expect(answer).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'signature' }] } });
  });
});
