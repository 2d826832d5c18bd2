// Per-user display settings (settingsGetInfo, getSettingsRange, setUp): the defaults for a user
// who never saved one, the choices in the request's language with the landing pages of the
// caller's own menu, a change of only the fields sent, and refusals that name the field and store
// nothing.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings, users } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

interface Settings {
  powerUnit: string; energyUnit: string; temperatureUnit: string; dateFormat: string; timeFormat: string; defaultPage: string; pageSize: number;
  themeColor: string; sideTheme: string; topNav: number; tagsView: number; fixedHeader: number; sidebarLogo: number; dynamicTitle: number; alarmEmail: number; updateTime?: string;
}
interface Range { options: Record<string, { value: string | number; label: string }[]>; defaults: Settings }
type FieldErrors = { errors: { field: string; rule: string; message: string }[] } | null;

const DEFAULTS: Settings = {
  powerUnit: 'auto', energyUnit: 'auto', temperatureUnit: 'C', dateFormat: 'YYYY-MM-DD', timeFormat: '24h', defaultPage: '/index', pageSize: 10,
  themeColor: '#0076fe', sideTheme: 'theme-light', topNav: 0, tagsView: 1, fixedHeader: 0, sidebarLogo: 1, dynamicTitle: 1, alarmEmail: 0,
};

let t: TestApp;
let admin: string;
let engineer: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  engineer = (await t.api.login('engineer')).token;
  owner = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

const info = async (token: string) => {
  const { body } = await t.api.get<Settings>('/api/v1/sys/settings/getInfo', { token });
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
};
const range = async (token: string, lang = 'en') => {
  const { body } = await t.api.get<Range>('/api/v1/sys/settings/getSettingsRange', { token, lang });
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
};
const setUp = (form: Record<string, string | number>, token: string, lang = 'en') => t.api.post<Settings & FieldErrors>('/api/v1/sys/settings/setUp', { token, form, lang });
const storedRows = async () => (await t.database.db.select({ n: count() }).from(userSettings))[0]!.n;
const userId = async (loginName: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName)))[0]!.id;

describe('user settings', () => {
  it('answers the defaults to a user who never saved a setting, every field present', async () => {
    expect(await info(engineer)).toEqual(DEFAULTS);
    expect(await t.database.db.select().from(userSettings).where(eq(userSettings.userId, await userId('engineer')))).toEqual([]);
  });

  it('offers each setting\'s values with labels in the request\'s language, and the defaults', async () => {
    const en = await range(engineer);
    const zh = await range(engineer, 'zh-CN');
    expect(en.defaults).toEqual(DEFAULTS);
    expect(en.options.powerUnit!.map((o) => o.value)).toEqual(['auto', 'W', 'kW', 'MW', 'GW']);
    expect(en.options.powerUnit![0]).toEqual({ value: 'auto', label: 'Automatic (W to GW)' });
    expect(zh.options.powerUnit![0]).toEqual({ value: 'auto', label: '自动（W 至 GW）' });
    expect(en.options.pageSize).toEqual([10, 20, 50, 100].map((value) => ({ value, label: `${value} per page` })));
    expect(zh.options.sideTheme).toEqual([{ value: 'theme-light', label: '浅色' }, { value: 'theme-dark', label: '深色' }]);
    expect(en.options.themeColor![0]).toEqual({ value: '#0076fe', label: 'Blue' });
    // Formats whose values say what they are carry them as their label.
    expect(en.options.dateFormat!.map((o) => o.label)).toEqual(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY']);
    // No options for the layout switches: the form shows them as switches.
    expect(Object.keys(en.options).sort()).toEqual(['dateFormat', 'defaultPage', 'energyUnit', 'pageSize', 'powerUnit', 'sideTheme', 'temperatureUnit', 'themeColor', 'timeFormat']);
  });

  it('offers as landing pages the pages of the caller\'s own menu, named in the request\'s language', async () => {
    const pages = async (token: string, lang = 'en') => (await range(token, lang)).options.defaultPage!;
    const ofAdmin = await pages(admin);
    expect(ofAdmin).toContainEqual({ value: '/index', label: 'Home' });
    expect(ofAdmin).toContainEqual({ value: '/system/role', label: 'Roles' });
    expect(await pages(admin, 'zh-CN')).toContainEqual({ value: '/system/role', label: '角色管理' });
    // Hidden entries (the personal center, the wizard page) are not offered.
    expect(ofAdmin.map((o) => o.value)).not.toContain('/personal-center');
    const ofOwner = (await pages(owner)).map((o) => o.value);
    expect(ofOwner).toContain('/index');
    expect(ofOwner).not.toContain('/system/role');
  });

  it('changes only the fields sent, for the caller only', async () => {
    const first = await setUp({ pageSize: 50 }, engineer);
    expect(first.body.errCode, first.body.errMsg).toBe(0);
    expect(first.body.data).toMatchObject({ ...DEFAULTS, pageSize: 50 });
    const second = await setUp({ powerUnit: 'kW', energyUnit: 'MWh', themeColor: '#13C2C2', topNav: 1, defaultPage: '/plant' }, engineer);
    expect(second.body.errCode, second.body.errMsg).toBe(0);
    // The colour is kept lower-case, as the form's swatches are written.
    const expected = { ...DEFAULTS, pageSize: 50, powerUnit: 'kW', energyUnit: 'MWh', themeColor: '#13c2c2', topNav: 1, defaultPage: '/plant' };
    expect(second.body.data).toMatchObject(expected);
    const { updateTime, ...read } = await info(engineer);
    expect(read).toEqual(expected);
    expect(new Date(updateTime!).toISOString()).toBe(updateTime);
    expect(await info(owner)).toEqual(DEFAULTS);
  });

  it('refuses a value outside its range naming the field, and stores nothing', async () => {
    const before = await info(engineer);
    const rows = await storedRows();
    const refusals: [Record<string, string | number>, string, string][] = [
      [{ powerUnit: 'kWh' }, 'powerUnit', 'enum'],
      [{ energyUnit: 'kW' }, 'energyUnit', 'enum'],
      [{ temperatureUnit: 'K' }, 'temperatureUnit', 'enum'],
      [{ dateFormat: 'YY/MM/DD' }, 'dateFormat', 'enum'],
      [{ timeFormat: '36h' }, 'timeFormat', 'enum'],
      [{ pageSize: 15 }, 'pageSize', 'enum'],
      [{ themeColor: 'blue' }, 'themeColor', 'pattern'],
      [{ sideTheme: 'theme-blue' }, 'sideTheme', 'enum'],
      [{ tagsView: 2 }, 'tagsView', 'enum'],
      [{ defaultPage: 'index' }, 'defaultPage', 'pattern'],
      // A page of someone else's menu, not of the caller's.
      [{ defaultPage: '/system/role' }, 'defaultPage', 'notInMenu'],
      // One good value beside a bad one: neither is stored.
      [{ pageSize: 100, powerUnit: 'TW' }, 'powerUnit', 'enum'],
    ];
    for (const [form, field, rule] of refusals) {
      const { body } = await setUp(form, engineer);
      expect(body.errCode, JSON.stringify(form)).toBe(10003);
      expect(body.errMsg).toContain(field);
      expect(body.data?.errors.map((e) => ({ field: e.field, rule: e.rule }))).toEqual([{ field, rule }]);
    }
    const empty = await setUp({}, engineer);
    expect(empty.body.errCode).toBe(10003);
    const { body } = await setUp({ defaultPage: '/system/role' }, engineer, 'zh-CN');
    expect(body.errMsg).toBe('defaultPage：/system/role 不是您菜单中的页面');
    expect(await info(engineer)).toEqual(before);
    expect(await storedRows()).toBe(rows);
  });

  it('answers the default landing page once the saved one has left the user\'s menu', async () => {
    const saved = await setUp({ defaultPage: '/system/role', pageSize: 20 }, admin);
    expect(saved.body.errCode, saved.body.errMsg).toBe(0);
    expect(saved.body.data.defaultPage).toBe('/system/role');
    // The administrator's account moves to the engineer's role, whose menu has no role page.
    const adminId = await userId('admin');
    const engineerRole = (await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.loginName, 'engineer')))[0]!.roleId;
    const adminRole = (await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, adminId)))[0]!.roleId;
    await t.database.db.update(users).set({ roleId: engineerRole }).where(eq(users.id, adminId));
    // The session's permissions follow the database's announcement of the write, which PostgreSQL
    // delivers a moment after the commit: each answer is waited for.
    try {
      await expect.poll(() => info(admin)).toMatchObject({ defaultPage: '/index', pageSize: 20 });
    } finally {
      await t.database.db.update(users).set({ roleId: adminRole }).where(eq(users.id, adminId));
    }
    await expect.poll(() => info(admin)).toMatchObject({ defaultPage: '/system/role', pageSize: 20 });
  });

  it('keeps the read-only demo visitor\'s settings as they are', async () => {
    const { body: login } = await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin');
    expect(login.errCode, login.errMsg).toBe(0);
    const rows = await storedRows();
    const { body } = await setUp({ pageSize: 20 }, login.data.token);
    expect(body.errCode).toBe(10005);
    expect(await info(login.data.token)).toEqual(DEFAULTS);
    expect(await storedRows()).toBe(rows);
  });
});
