// The rate limit (README "Rate limiting"): per client IP and per access token, 10006 with
// Retry-After. Its own app, with limits low enough to reach; each case comes from its own IP.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

const PER_IP = 6;
const PER_TOKEN = 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { rateLimitPerIp: PER_IP, rateLimitPerToken: PER_TOKEN } });
});
afterAll(() => t.close());

let nextHost = 1;
/** A client address of its own (documentation range), so that cases do not share an IP budget. */
const freshIp = () => `198.51.100.${nextHost++}`;

const from = async (ip: string, request: InjectOptions) => {
  const response = await t.app.inject({ ...request, remoteAddress: ip });
  return { headers: response.headers, status: response.statusCode, body: response.json() as { errCode: number; errMsg: string; data: unknown } };
};
const loginInfo = (ip: string, token: string, lang = 'en') => from(ip, t.api.request('GET', '/api/v1/sys/user/getLoginInfo', { token, lang }));
const loginFrom = async (ip: string, username: string) =>
  (await from(ip, t.api.request('POST', '/api/v1/sys/login', { form: { username, password: DEMO_PASSWORD } }))).body.data as { token: string };

describe('rate limit', () => {
  it(`answers 10006 with Retry-After once an IP has made ${PER_IP} API requests in a minute`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) {
      // Requests that fail (here: unsigned, 10003) count as well.
      const answer = await from(ip, { method: 'GET', url: '/dev-api/api/v1/sys/site/list' });
      expect(answer.body.errCode, `request ${i + 1}`).not.toBe(10006);
    }
    const limited = await from(ip, t.api.request('GET', '/api/v1/sys/site/list'));
    expect(limited.status).toBe(200);
    expect(limited.body).toEqual({ errCode: 10006, errMsg: 'Too many requests, please wait a moment', data: null });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client is not affected.
    expect((await from(freshIp(), t.api.request('GET', '/api/v1/sys/site/list'))).body.errCode).not.toBe(10006);
  });

  it(`limits one access token to ${PER_TOKEN} requests a minute, whatever IPs it comes from`, async () => {
    const token = (await loginFrom(freshIp(), 'owner')).token;
    for (let i = 0; i < PER_TOKEN; i++) expect((await loginInfo(freshIp(), token)).body.errCode, `request ${i + 1}`).toBe(0);
    const limited = await loginInfo(freshIp(), token, 'zh-CN');
    expect(limited.body).toEqual({ errCode: 10006, errMsg: '访问过于频繁，请稍后再试', data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The same user's other session has its own budget.
    const other = (await loginFrom(freshIp(), 'owner')).token;
    expect((await loginInfo(freshIp(), other)).body.errCode).toBe(0);
  });

  it('counts only the API, not the web app and its files', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP + 2; i++) {
      const page = await t.app.inject({ method: 'GET', url: '/assets/index.js', remoteAddress: ip });
      expect(page.json().errCode).not.toBe(10006);
    }
    expect((await from(ip, t.api.request('GET', '/api/v1/sys/site/list'))).body.errCode).not.toBe(10006);
  });

  it('groups an IPv6 client by its /64 network', async () => {
    for (let i = 0; i < PER_IP; i++) {
      expect((await from(`2001:db8:1:2::${(i + 1).toString(16)}`, t.api.request('GET', '/api/v1/sys/site/list'))).body.errCode).not.toBe(10006);
    }
    expect((await from('2001:db8:1:2:ffff::1', t.api.request('GET', '/api/v1/sys/site/list'))).body.errCode).toBe(10006);
    expect((await from('2001:db8:1:3::1', t.api.request('GET', '/api/v1/sys/site/list'))).body.errCode).not.toBe(10006);
  });
});
