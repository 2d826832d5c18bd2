// The big screen (000 section 2, route Screen) is a menu entry at /screen for holders of
// bigscreen:admin only, hidden from the sidebar; administrators hold it through *:*:*, plant
// owners do not, so their menu has no such route and the web app no such page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface Router { name: string; path: string; hidden?: boolean; component?: string; children?: Router[] }

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const menuOf = async (name: string) => {
  const { body } = await t.api.get<Router[]>('/api/v1//system/menu/getRouters', { token: (await t.api.login(name)).token, query: { platformType: 4 } });
  expect(body.errCode).toBe(0);
  return body.data;
};

describe('the Screen route', () => {
  it('is a hidden entry at /screen for an administrator', async () => {
    expect((await menuOf('admin')).find((r) => r.name === 'Screen')).toMatchObject({ path: '/screen', component: 'screen', hidden: true });
  });

  it('is absent for a plant owner, who lacks bigscreen:admin', async () => {
    expect((await menuOf('owner')).map((r) => r.name)).not.toContain('Screen');
  });
});
