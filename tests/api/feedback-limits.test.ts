// Feedback as the spec limits it (000 section 5): name and contact up to 30 characters, advice up
// to 100, multi-line and trimmed, at least one existing type; each refusal is 10003 naming the
// field. The types come in the request's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { freshAccount, type TestAccount } from '../fixtures/messages.ts';

let t: TestApp;
let user: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  user = await freshAccount(t, 'EndUser', '11');
});
afterAll(() => t.close());

interface Feedback { id: number; userName: string; emailOrMobile: string; advice: string; typeIds: string; typeNames: string[]; status: number; loginName: string }
type Answer = Feedback & { errors: { field: string; rule: string }[] };

const form = (overrides: Record<string, string> = {}) => ({ userName: 'Olivia', emailOrMobile: 'olivia@example.com', typeIds: '1', advice: 'The chart is slow', ...overrides });
const add = (fields: Record<string, string>, lang = 'en') => t.api.post<Answer>('/api/v1/sys/advice/add', { token: user.token, form: fields, lang });

describe('feedback limits', () => {
  it('answers the seeded types in the request\'s language', async () => {
    const en = await t.api.get<{ id: number; name: string }[]>('/api/v1/sys/advice/getTypes', { token: user.token });
    expect(en.body.data.length).toBeGreaterThanOrEqual(2);
    expect(en.body.data[0]).toEqual({ id: 1, name: 'Product suggestion' });
    const zh = await t.api.get<{ id: number; name: string }[]>('/api/v1/sys/advice/getTypes', { token: user.token, lang: 'zh-CN' });
    expect(zh.body.data[0]).toEqual({ id: 1, name: '产品建议' });
  });

  it('stores trimmed, multi-line feedback with its types and the sender', async () => {
    const { body } = await add(form({ userName: '  Olivia  ', advice: '  Line one\nLine two  ', typeIds: '2,1' }));
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ userName: 'Olivia', advice: 'Line one\nLine two', typeIds: '1,2', typeNames: ['Product suggestion', 'Problem report'], status: 0, loginName: user.login });
  });

  it('accepts the limits exactly and a phone number as the contact', async () => {
    const { body } = await add(form({ userName: 'n'.repeat(30), emailOrMobile: '+86 138-0000-1234', advice: 'a'.repeat(100) }));
    expect(body.errCode).toBe(0);
  });

  it.each([
    ['userName', 'n'.repeat(31), 'maxLength'],
    ['emailOrMobile', `${'e'.repeat(20)}@example.com`, 'maxLength'],
    ['emailOrMobile', 'not a contact', 'pattern'],
    ['advice', 'a'.repeat(101), 'maxLength'],
    ['typeIds', '', 'minLength'],
    ['typeIds', '1,99', 'exists'],
    // Strings are trimmed before the checks: blanks are empty.
    ['userName', '   ', 'minLength'],
  ])('refuses %s = %j (%s) naming the field', async (field, value, rule) => {
    const { body } = await add(form({ [field]: value }));
    expect(body.errCode).toBe(10003);
    expect(body.errMsg).toContain(field);
    expect(body.data?.errors?.map((e) => e.field)).toContain(field);
    expect(body.data?.errors?.map((e) => e.rule)).toContain(rule);
  });
});
