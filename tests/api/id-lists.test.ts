// Comma-separated ids (format id-list) are checked against what the statements reading them hold
// (int32 columns): an id of 0, or one beyond 2147483647, is a 10003 naming the field in the
// user's language, never a system error. The contract fuzzer found feedback types and message
// ids of twelve digits answered 10001.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

type Refusal = { errors: { field: string; rule: string; message: string }[] };

describe('lists of ids', () => {
  const TOO_LARGE = '5782494063';

  it('refuse an id beyond an integer column, or 0, naming the field', async () => {
    const calls = [
      { field: 'typeIds', send: (ids: string) => t.api.post<Refusal>('/api/v1/sys/advice/add', { token: owner, form: { userName: 'Olivia', emailOrMobile: 'olivia@example.com', typeIds: ids, advice: 'Slow chart' } }) },
      { field: 'ids', send: (ids: string) => t.api.get<Refusal>('/api/v1/mgmsg/mgmsgmessage/markPrivateMsgAsReadOrDel', { token: owner, query: { ids, action: 'read' } }) },
      { field: 'ids', send: (ids: string) => t.api.post<Refusal>('/api/v1/alarm/device/closeAlarm', { token: owner, form: { ids } }) },
    ];
    for (const { field, send } of calls) {
      for (const ids of [`1,${TOO_LARGE}`, '0', '2147483648']) {
        const { body } = await send(ids);
        expect(body.errCode, `${field} ${ids}`).toBe(10003);
        expect(body.data.errors.map(({ field: f, rule }) => ({ field: f, rule }))).toEqual([{ field, rule: 'idList' }]);
      }
    }
  });

  it('say so in the user\'s language', async () => {
    const { body } = await t.api.post<Refusal>('/api/v1/sys/advice/add', {
      token: owner, lang: 'zh-CN', form: { userName: 'Olivia', emailOrMobile: 'olivia@example.com', typeIds: TOO_LARGE, advice: 'Slow chart' },
    });
    // The field's name, which the web app's forms turn into its label.
    expect(body.data.errors[0]!.message).toBe('typeIds：必须是以逗号分隔的 1 到 2147483647 之间的编号');
  });

  it('take the largest id a column holds', async () => {
    const { body } = await t.api.get('/api/v1/mgmsg/mgmsgmessage/markPrivateMsgAsReadOrDel', { token: owner, query: { ids: '2147483647', action: 'read' } });
    expect(body.errCode).not.toBe(10003);
    expect(body.errCode).not.toBe(10001);
  });
});
