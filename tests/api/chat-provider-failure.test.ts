// A chat provider that fails (000 section 4: "failures ignored"): the widget's getChatInfo answers
// `available: false` rather than an error toast, and the server logs the failure.
// The built-in provider is made to fail by taking its table away.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream });
});
afterAll(() => t.close());

describe('a failing chat provider', () => {
  it('is answered as no chat to the widget and logged on the server', async () => {
    const owner = (await t.api.login('owner')).token;
    await t.database.db.execute(sql`alter table chat_conversations rename to chat_conversations_away`);
    try {
      const { body } = await t.api.get('/api/v1/chat/getChatInfo', { token: owner });
      expect(body).toEqual({ errCode: 0, errMsg: '', data: { available: false, state: 'none', unreadNum: 0 } });
      const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } })
        .find((line) => line.msg === 'chat provider failed');
      expect(logged?.level).toBe(50);
      expect(logged?.err?.message).toBeTruthy();
    } finally {
      await t.database.db.execute(sql`alter table chat_conversations_away rename to chat_conversations`);
    }
  });
});
