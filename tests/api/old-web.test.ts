// Old-web jumps (000 section 7 "Login and session"): a URL to the configured OLD_WEB_URL carrying
// a one-time code (stored hashed, valid 60 seconds); a redirect may only name a path there.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../server/db/schema/index.ts';
import { hashToken } from '../../server/domain/auth/tokens.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ config: { oldWebUrl: 'https://old.example.com/sso/login?site=cn' } });
  token = (await t.api.login('installer')).token;
});
afterAll(() => t.close());

const jump = (path: string, query: Record<string, string> = {}) => t.api.get<{ url: string }>(`/api/v1/sys/${path}`, { token, query });

describe('old-web jumps', () => {
  it('answer a one-time URL whose code is stored only as a hash, for 60 seconds, per purpose', async () => {
    const [installer] = await t.database.db.select().from(users).where(eq(users.loginName, 'installer'));
    const seen = new Set<string>();
    for (const [path, purpose] of [['loginOldWebToEsolarHome', 'oldWebHome'], ['jumpLoginToOldWeb', 'oldWebJump'], ['yw/getWebUrlAndCode', 'serviceWeb']] as const) {
      const { body } = await jump(path);
      expect(body.errCode).toBe(0);
      const url = new URL(body.data.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://old.example.com/sso/login');
      expect(url.searchParams.get('site')).toBe('cn');
      const code = url.searchParams.get('code')!;
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      seen.add(code);
      const [row] = await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.codeHash, hashToken(code)));
      expect(row).toMatchObject({ userId: installer!.id, purpose, usedAt: null });
      expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 60_000))).toBeLessThan(10_000);
      expect(await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.codeHash, code))).toEqual([]);
    }
    expect(seen.size).toBe(3);
  });

  it('carry a redirect path, and refuse anything that would leave the old web', async () => {
    const { body } = await jump('jumpLoginToOldWeb', { redirectUrl: '/plant/detail?id=7' });
    expect(new URL(body.data.url).searchParams.get('redirectUrl')).toBe('/plant/detail?id=7');
    for (const redirectUrl of ['https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com/x', 'plant/detail']) {
      const refused = await jump('jumpLoginToOldWeb', { redirectUrl });
      expect(refused.body).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'redirectUrl', rule: 'relativePath' }] } });
    }
  });

  it('need a session of a real account, not the read-only demo visitor', async () => {
    expect((await t.api.get('/api/v1/sys/yw/getWebUrlAndCode')).body.errCode).toBe(10002);
    const visitor = await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin');
    expect(visitor.body.errCode).toBe(0);
    const before = (await t.database.db.select().from(oneTimeCodes)).length;
    for (const path of ['loginOldWebToEsolarHome', 'jumpLoginToOldWeb', 'yw/getWebUrlAndCode']) {
      expect((await t.api.get(`/api/v1/sys/${path}`, { token: visitor.body.data.token })).body.errCode).toBe(10005);
    }
    expect(await t.database.db.select().from(oneTimeCodes)).toHaveLength(before);
  });
});
