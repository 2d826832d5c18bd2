// The demo visitor is read-only (000 "demo"; issue 6 item 10): every operation it may call,
// given a plain valid request, leaves every stored row as it was, and the GETs that write
// (`x-writes` in the contract) are refused to it like POSTs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/contract.ts';
import { visitorMayCall } from '../../server/plugins/auth.ts';
import { handlers } from '../../server/handlers/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { sampleRequest } from '../fixtures/sample-request.ts';
import { installWriteCounter, type WriteCounter } from '../fixtures/write-counter.ts';

const contract = loadContract();

let t: TestApp;
let visitor: string;
let counter: WriteCounter;
beforeAll(async () => {
  t = await createTestApp();
  const { body } = await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin');
  visitor = body.data.token;
  counter = await installWriteCounter(t.database.db);
});
afterAll(() => t.close());

async function callAsVisitor(operationId: string) {
  const operation = contract.byId.get(operationId)!;
  const { path, options } = sampleRequest(contract, operation);
  const response = await t.app.inject(t.api.request(operation.method as 'GET' | 'POST', path, { ...options, token: visitor }));
  const json = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, errCode: json ? (response.json() as { errCode: number }).errCode : 0 };
}

describe('the demo visitor', () => {
  it('changes no stored row through any operation it may call', async () => {
    // Ending its own session is the one write a visitor makes; it is checked last, below. An event
    // stream stays open while its client watches, so a request here would never end: the streams
    // have their own tests (live-stream, alarms-live), and they read, never write.
    const allowed = contract.operations.filter((o) => visitorMayCall(o) && o.operationId !== 'logout' && !o.stream);
    const answered: Record<number, string[]> = {};
    for (const operation of allowed) {
      const before = await counter.writes();
      const { status, errCode } = await callAsVisitor(operation.operationId);
      expect(status, operation.operationId).toBeLessThan(500);
      expect(await counter.writes(), operation.operationId).toEqual(before);
      (answered[errCode] ??= []).push(operation.operationId);
    }
    // The calls really ran: the implemented reads of the visitor's role answer their data.
    expect(answered[0]).toEqual(expect.arrayContaining(['getLoginInfo', 'getRouters', 'listModelCode', 'getUserInfo', 'countryList']));
    expect((answered[10001] ?? []).every((id) => !(id in handlers))).toBe(true);
    expect(allowed.length).toBeGreaterThan(100);
  });

  it('is refused the GETs that write, and they change nothing', async () => {
    const writers = contract.operations.filter((o) => o.method === 'GET' && o.writes);
    expect(writers.map((o) => o.operationId)).toEqual(expect.arrayContaining(['markGroupMsgAsReadOrDel', 'copyProduct', 'smsGetCode', 'getCaptcha']));
    for (const operation of writers) {
      const before = await counter.total();
      expect((await callAsVisitor(operation.operationId)).errCode, operation.operationId).toBe(10005);
      expect(await counter.total()).toBe(before);
    }
  });

  it('writes only its own session when it logs out', async () => {
    const before = await counter.writes();
    expect((await callAsVisitor('logout')).errCode).toBe(0);
    expect(await counter.writes()).toEqual({ ...before, sessions: (before.sessions ?? 0) + 1 });
  });

  it('still lets nobody (no session) call the public ones, which do write', async () => {
    const before = await counter.total();
    const { body } = await t.api.get('/api/v1/sys/captcha/getCaptcha');
    expect(body.errCode).toBe(0);
    expect(await counter.total()).toBeGreaterThan(before);
  });
});
