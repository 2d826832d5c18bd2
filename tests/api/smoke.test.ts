import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  it('answers tokens for a seeded account', async () => {
    const tokens = await t.api.login('admin');
    expect(tokens.token.length).toBeGreaterThanOrEqual(22);
  });
});
