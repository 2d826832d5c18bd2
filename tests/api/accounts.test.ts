// Accounts (001 section 7 "User administration"): the personal center (profile, avatar, language,
// password, phone, e-mail, login name, cancellation) and what staff do to the accounts in their
// scope (end-user edits, promotion, country, lock, the list and its XLSX export, lookups).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices, plants, roles, users, verificationCodes } from '../../server/db/schema/index.ts';
import { demoPlants } from '../../server/db/seed/demo-plants.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { hashCode } from '../../server/domain/codes/codes.ts';
import { avatarDir } from '../../server/repositories/avatars.ts';
import { signatureParams } from '../../src/lib/signing.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

interface Page<T> { list: T[]; total: number; pageNo: number; pageSize: number }
interface Account {
  userId: string; loginName: string; nickname: string; phone?: string; email?: string; countryCode?: string; countryName?: string;
  userType: 0 | 1; roleKey: string; roleName: string; officeId: string; officeName: string; status: 0 | 1; plantNum: number;
  lastLoginTime?: string; createTime: string;
}
interface Profile {
  userId: string; loginName: string; nickname: string; userHead?: string; phone?: string; email?: string; countryCode?: string;
  lang: string; timeZone?: string; userType: 0 | 1; roles: string[]; officeId: string; officeName: string; createTime: string;
}
type FieldErrors = { errors: { field: string; rule: string; message: string }[] } | null;
type Fields = Record<string, string | number | undefined>;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['admin', 'installer', 'engineer', 'owner', 'support']) tokens[name] = (await t.api.login(name)).token;
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = <T = unknown>(path: string, token: string, query: Fields = {}, lang?: string) =>
  t.api.get<T>(`/api/v1${path}`, { token, query, ...(lang ? { lang } : {}) });
const post = <T = FieldErrors>(path: string, token: string, form: Fields = {}) => t.api.post<T>(`/api/v1${path}`, { token, form });
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));
const userByLogin = async (loginName: string) => (await db().select().from(users).where(eq(users.loginName, loginName)))[0]!;
const userById = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const idOf = async (loginName: string) => (await userByLogin(loginName)).id;

/** An extra account for a test that changes or ends it; the demo accounts stay as the README says. */
async function createUser(loginName: string, roleKey: string, officeId: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [role] = await db().select().from(roles).where(eq(roles.roleKey, roleKey));
  const id = randomUUID();
  await db().insert(users).values({ id, loginName, nickname: loginName, roleId: role!.id, officeId, passwordHash: await hashPassword(DEMO_PASSWORD), ...extra });
  return id;
}

/** A code as the codes area would have sent it (stored hashed, valid 5 minutes). */
async function issueCode(purpose: string, target: string, code: string) {
  await db().insert(verificationCodes).values({ purpose, target, codeHash: hashCode(purpose, target, code), expiresAt: new Date(Date.now() + 300_000) });
}

const BOUNDARY = '----accounts-test-boundary';
function uploadAvatar(token: string, file: Buffer, filename: string, type: string) {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const payload = Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  const query = signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang: 'en' }, {});
  return t.app.inject({
    method: 'POST', url: '/dev-api/api/v1/sys/user/modifyUserHead', query: { ...query }, payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const TREE_ONE = ['admin', 'support', 'installer', 'engineer', 'distributor', 'provider', 'owner', 'visitor'];

describe('account list', () => {
  const list = (token: string, query: Fields = {}, lang?: string) =>
    get<Page<Account>>('/sys/user/companyAccountList', token, { pageSize: 100, ...query }, lang);
  const names = (page: Page<Account>) => page.list.map((a) => a.loginName).sort();

  it('pages the accounts of the caller\'s organisations, newest first', async () => {
    const { body } = await list(tokens.admin!);
    expect(body.errCode).toBe(0);
    expect(names(body.data)).toEqual([...TREE_ONE].sort());
    expect(body.data.total).toBe(8);
    const times = body.data.list.map((a) => a.createTime);
    expect(times).toEqual([...times].sort().reverse());

    const third = await list(tokens.admin!, { pageSize: 3, pageNo: 3 });
    expect(third.body.data).toMatchObject({ total: 8, pageNo: 3, pageSize: 3 });
    expect(third.body.data.list.map((a) => a.loginName)).toEqual(body.data.list.slice(6).map((a) => a.loginName));
  });

  it('shows role, office, country, status, plants and the last login in the request language', async () => {
    const { body } = await list(tokens.admin!, { searchKey: 'installer@demo' });
    expect(body.data.list).toEqual([expect.objectContaining({
      loginName: 'installer', nickname: 'Ivan Installer', phone: '13800000003', email: 'installer@demo.solar-portal.dev', countryCode: 'CN',
      countryName: 'China', userType: 1, roleKey: 'Installer', roleName: 'Installer', officeId: '11', officeName: 'Sunrise Installations North',
      status: 0, plantNum: 0,
    })]);
    expect(Date.parse(body.data.list[0]!.lastLoginTime!)).toBeGreaterThan(Date.now() - 60_000);
    const never = await list(tokens.admin!, { searchKey: 'Paul' });
    expect(never.body.data.list[0]).not.toHaveProperty('lastLoginTime');
    const zh = await list(tokens.admin!, { searchKey: 'Ivan' }, 'zh-CN');
    expect(zh.body.data.list[0]).toMatchObject({ roleName: '安装商', countryName: '中国' });
  });

  it('filters by text, role, office and chosen organisations', async () => {
    expect(names((await list(tokens.admin!, { searchKey: 'IVAN' })).body.data)).toEqual(['installer']);
    expect(names((await list(tokens.admin!, { searchKey: '1380000000' })).body.data)).toHaveLength(7);
    expect(names((await list(tokens.admin!, { role: 'EndUser' })).body.data)).toEqual(['owner']);
    expect(names((await list(tokens.admin!, { officeId: '11' })).body.data)).toEqual(['engineer', 'installer', 'owner']);
    expect(names((await list(tokens.admin!, { searchOfficeIdArr: '12' })).body.data)).toEqual(['provider', 'support']);
    expect((await list(tokens.admin!, { searchOfficeIdArr: '12', officeId: '11' })).body.data).toMatchObject({ total: 0, list: [] });
    expect((await list(tokens.admin!, { searchKey: '%' })).body.data.total).toBe(0);
  });

  it('limits a lower office to its own accounts', async () => {
    expect(names((await list(tokens.installer!)).body.data)).toEqual(['engineer', 'installer', 'owner']);
    expect((await list(tokens.owner!)).body.errCode).toBe(10005);
  });

  it('offers the caller\'s company and its departments, parents first', async () => {
    const all = await get('/sys/user/getCompanySubOfficeList', tokens.admin!);
    expect(all.body.data).toEqual([
      { officeId: '1', officeName: 'Sunrise Energy', hasSubOffice: 1 },
      { officeId: '11', officeName: 'Sunrise Installations North', parentId: '1', hasSubOffice: 0 },
      { officeId: '12', officeName: 'Sunrise Service Centre', parentId: '1', hasSubOffice: 0 },
    ]);
    expect((await get('/sys/user/getCompanySubOfficeList', tokens.admin!, { officeId: '12' })).body.data).toEqual([
      { officeId: '12', officeName: 'Sunrise Service Centre', parentId: '1', hasSubOffice: 0 },
    ]);
    expect((await get('/sys/user/getCompanySubOfficeList', tokens.installer!)).body.data).toEqual([
      { officeId: '11', officeName: 'Sunrise Installations North', parentId: '1', hasSubOffice: 0 },
    ]);
  });

  it('offers the roles below the caller\'s own, named in the request language', async () => {
    const installer = await get<{ roleId: string; roleKey: string; roleName: string; userType: number }[]>('/system/role/endUserSelectRoleList', tokens.installer!);
    expect(installer.body.data.map(({ roleKey, roleName, userType }) => ({ roleKey, roleName, userType }))).toEqual([
      { roleKey: 'Engineer', roleName: 'Engineer', userType: 1 },
      { roleKey: 'staff1', roleName: 'Staff', userType: 1 },
      { roleKey: 'EndUser', roleName: 'End user', userType: 0 },
    ]);
    expect(installer.body.data.every((r) => /^\d+$/.test(r.roleId))).toBe(true);
    const admin = await get<{ roleKey: string }[]>('/system/role/endUserSelectRoleList', tokens.admin!);
    expect(admin.body.data.map((r) => r.roleKey)).toEqual(['Administrator', 'TechnicalSupport', 'DirectDistributor', 'YwServiceProvider', 'Installer', 'Engineer', 'staff1', 'EndUser']);
    const zh = await get<{ roleName: string }[]>('/system/role/endUserSelectRoleList', tokens.installer!, {}, 'zh-CN');
    expect(zh.body.data.map((r) => r.roleName)).toEqual(['工程师', '员工', '终端用户']);
    expect((await get('/system/role/endUserSelectRoleList', tokens.owner!)).body.errCode).toBe(10005);
  });
});

describe('account export', () => {
  const exportFile = (token: string, query: Fields = {}, lang = 'en') =>
    t.app.inject(t.api.request('GET', '/api/v1/sys/user/exportCompanyAccountList', { token, query, lang }));
  const rowsOf = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('answers a real XLSX of the list with a download file name', async () => {
    const response = await exportFile(tokens.admin!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const fileName = decodeURIComponent(String(response.headers['download-filename']));
    expect(fileName).toMatch(/^Accounts_\d{8}-\d{6}\.xlsx$/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    const rows = await rowsOf(response.rawPayload);
    expect(rows[0]).toEqual(['Login name', 'Nickname', 'Phone', 'E-mail', 'Country', 'User type', 'Role', 'Organisation', 'Status', 'Plants', 'Last login (UTC)', 'Created (UTC)']);
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual([...TREE_ONE].sort());
    expect(rows.find((r) => r[0] === 'installer')).toEqual(expect.arrayContaining(['Ivan Installer', 'China', 'Professional', 'Installer', 'Sunrise Installations North', 'Active', 0]));
  });

  it('applies the list\'s filters and the request language', async () => {
    const response = await exportFile(tokens.admin!, { searchKey: 'ivan' }, 'zh-CN');
    expect(decodeURIComponent(String(response.headers['download-filename']))).toMatch(/^账号列表_\d{8}-\d{6}\.xlsx$/);
    const rows = await rowsOf(response.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe('登录名');
    expect(rows[1]).toEqual(expect.arrayContaining(['installer', '中国', '专业用户', '安装商', '正常']));
  });

  it('holds the rows in the list\'s sort', async () => {
    for (const sortOrder of ['asc', 'desc']) {
      const query = { sortField: 'loginName', sortOrder };
      const list = await get<{ list: { loginName: string }[] }>('/sys/user/companyAccountList', tokens.admin!, { ...query, pageNo: 1, pageSize: 100 });
      const names = list.body.data.list.map((a) => a.loginName);
      expect(names.length).toBeGreaterThan(2);
      const rows = await rowsOf((await exportFile(tokens.admin!, query)).rawPayload);
      expect(rows.slice(1).map((r) => r[0])).toEqual(names);
    }
  });

  it('answers the JSON envelope when the export fails', async () => {
    const response = await exportFile(tokens.installer!);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers).not.toHaveProperty('download-filename');
    expect(response.json()).toMatchObject({ errCode: 10005, data: null });
  });
});

describe('personal center', () => {
  const profile = async (token: string) => (await get<Profile>('/sys/user/getUserInfo', token)).body;

  it('answers the signed-in user\'s profile', async () => {
    const body = await profile(tokens.owner!);
    expect(body.errCode).toBe(0);
    expect(body.data).toEqual({
      userId: await idOf('owner'), loginName: 'owner', nickname: 'Olivia Owner', phone: '13800000007', email: 'owner@demo.solar-portal.dev',
      countryCode: 'CN', lang: 'en', userType: 0, roles: ['EndUser'], officeId: '11', officeName: 'Sunrise Installations North',
      createTime: expect.stringMatching(/Z$/),
    });
  });

  it('saves nickname, country and time zone, keeping fields left out', async () => {
    const saved = await post<Profile>('/sys/user/saveUserInfo', tokens.owner!, { nickname: '  Olivia O. ', countryCode: 'SE', timeZone: 'Europe/Stockholm' });
    expect(saved.body.errCode).toBe(0);
    expect(saved.body.data).toMatchObject({ nickname: 'Olivia O.', countryCode: 'SE', timeZone: 'Europe/Stockholm' });
    const partial = await post<Profile>('/sys/user/saveUserInfo', tokens.owner!, { timeZone: 'Australia/Sydney' });
    expect(partial.body.data).toMatchObject({ nickname: 'Olivia O.', countryCode: 'SE', timeZone: 'Australia/Sydney' });
    expect(await userByLogin('owner')).toMatchObject({ nickname: 'Olivia O.', countryCode: 'SE', timeZone: 'Australia/Sydney' });
  });

  it('refuses unknown countries and time zones and a blank nickname, changing nothing', async () => {
    for (const [form, field, rule] of [
      [{ countryCode: 'XX' }, 'countryCode', 'country'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'timeZone'],
      [{ nickname: '   ', countryCode: 'DE' }, 'nickname', 'minLength'],
    ] as const) {
      const { body } = await post('/sys/user/saveUserInfo', tokens.owner!, form);
      expect(body.errCode).toBe(10003);
      expect(fieldsOf(body.data)).toEqual([{ field, rule }]);
    }
    expect(await userByLogin('owner')).toMatchObject({ nickname: 'Olivia O.', countryCode: 'SE', timeZone: 'Australia/Sydney' });
  });

  it('stores any language of the web app, refusing others', async () => {
    // The spec sends it as a query parameter, which is the request's signing `lang` as well.
    const switchLanguage = (lang: string) => t.api.post<FieldErrors>('/api/v1/sys/user/switchLanguage', { token: tokens.owner!, query: { lang } });
    expect((await switchLanguage('zh-CN')).body.errCode).toBe(0);
    expect((await profile(tokens.owner!)).data.lang).toBe('zh-CN');
    // Every language of the web app is one to keep; the server's own texts fall back to English.
    expect((await switchLanguage('he')).body.errCode).toBe(0);
    expect((await profile(tokens.owner!)).data.lang).toBe('he');
    const unknown = await switchLanguage('ja');
    expect(fieldsOf(unknown.body.data)).toEqual([{ field: 'lang', rule: 'language' }]);
    expect(unknown.body.errMsg).toBe('lang: ja is not one of the languages of the portal (en, zh-CN, zh-TW, de, fr, es, it, nl, pl, pt, sv-SE, cs-CZ, vi, he)');
    expect((await switchLanguage('en')).body.errCode).toBe(0);
  });

  it('stores an avatar recognised by its content and serves it', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a tiny png')]);
    const first = await uploadAvatar(tokens.owner!, png, 'me.png', 'image/png');
    const userHead = first.json().data.userHead as string;
    expect(first.json()).toMatchObject({ errCode: 0 });
    expect(userHead).toMatch(/^\/dev-api\/resource\/avatar\/[0-9a-f-]{36}\.png$/);
    expect((await profile(tokens.owner!)).data.userHead).toBe(userHead);
    const served = await t.app.inject({ method: 'GET', url: userHead });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    // The content decides, not the name: a JPEG called .png is a JPEG; the old avatar is deleted.
    const second = await uploadAvatar(tokens.owner!, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'me.png', 'image/png');
    expect(second.json().data.userHead).toMatch(/\.jpg$/);
    const dir = avatarDir({ dataDir: '', inMemoryDb: true, apiPrefix: '/dev-api' });
    expect(existsSync(path.join(dir, path.basename(userHead)))).toBe(false);
    expect(existsSync(path.join(dir, path.basename(second.json().data.userHead)))).toBe(true);
  });

  it('refuses a non-image under an image name, and 5 MB or more', async () => {
    const before = (await userByLogin('owner')).userHead;
    const text = await uploadAvatar(tokens.owner!, Buffer.from('I am only text, whatever my name says'), 'me.png', 'image/png');
    expect(text.json()).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'file', rule: 'notImage' }] } });
    const huge = Buffer.alloc(5 * 1024 * 1024, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(huge);
    const big = await uploadAvatar(tokens.owner!, huge, 'big.png', 'image/png');
    expect(big.json()).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'file', rule: 'fileTooLarge' }] } });
    expect((await userByLogin('owner')).userHead).toBe(before);
  });
});

describe('password change', () => {
  it('needs the current password and a new one the policy accepts', async () => {
    await createUser('pw.tester', 'EndUser', '11');
    const { token } = await t.api.login('pw.tester');
    for (const [form, field, rule] of [
      [{ oldPassword: 'not-my-password', newPassword: 'Fresh-Secret-42' }, 'oldPassword', 'wrongPassword'],
      [{ oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }, 'newPassword', 'samePassword'],
      [{ oldPassword: DEMO_PASSWORD, newPassword: 'Password1' }, 'newPassword', 'password.common'],
      [{ oldPassword: DEMO_PASSWORD, newPassword: 'PW.TESTER' }, 'newPassword', 'password.sameAsLogin'],
    ] as const) {
      const { body } = await post('/sys/user/modifyPassword', token, form);
      expect(body.errCode).toBe(10003);
      expect(fieldsOf(body.data)).toEqual([{ field, rule }]);
    }
    expect((await t.api.login('pw.tester')).token).toBeTruthy();
  });

  it('revokes every other session but keeps the current one; only the new password works', async () => {
    const id = await createUser('pw.changer', 'EndUser', '11');
    const current = await t.api.login('pw.changer');
    const other = await t.api.login('pw.changer');
    const { body } = await post('/sys/user/modifyPassword', current.token, { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh-Secret-42' });
    expect(body).toEqual({ errCode: 0, errMsg: '', data: null });

    expect((await get('/sys/user/getUserInfo', current.token)).body.errCode).toBe(0);
    expect((await get('/sys/user/getUserInfo', other.token)).body.errCode).toBe(10002);
    expect((await t.api.post('/api/v1/sys/refreshToken', { form: { refreshToken: other.refreshToken } })).body.errCode).toBe(10002);

    const old = await t.api.post('/api/v1/sys/login', { form: { username: 'pw.changer', password: DEMO_PASSWORD } });
    expect(old.body.errCode).toBe(10003);
    expect((await t.api.login('pw.changer', 'Fresh-Secret-42')).token).toBeTruthy();
    expect((await userById(id)).passwordChangedAt).toBeInstanceOf(Date);
  });
});

describe('phone and e-mail changes', () => {
  it('changes the e-mail address with a code sent to the new one; a login name that was the address follows', async () => {
    const id = await createUser('mailer@example.com', 'EndUser', '11', { email: 'mailer@example.com' });
    const { token } = await t.api.login('mailer@example.com');

    const taken = await post('/sys/user/modifyEmail', token, { email: 'OWNER@demo.solar-portal.dev', code: '424242' });
    expect(fieldsOf(taken.body.data)).toEqual([{ field: 'email', rule: 'unique' }]);
    const noCode = await post('/sys/user/modifyEmail', token, { email: 'mailer.new@example.com', code: '424242' });
    expect(fieldsOf(noCode.body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);

    await issueCode('modifyEmail', 'mailer.new@example.com', '424242');
    const wrong = await post('/sys/user/modifyEmail', token, { email: 'Mailer.New@example.com', code: '111111' });
    expect(fieldsOf(wrong.body.data)).toEqual([{ field: 'code', rule: 'codeWrong' }]);
    expect((await userById(id)).email).toBe('mailer@example.com');

    expect((await post('/sys/user/modifyEmail', token, { email: 'Mailer.New@example.com', code: '424242' })).body.errCode).toBe(0);
    expect(await userById(id)).toMatchObject({ email: 'Mailer.New@example.com', loginName: 'Mailer.New@example.com' });
    const again = await post('/sys/user/modifyEmail', token, { email: 'Mailer.New@example.com', code: '424242' });
    expect(fieldsOf(again.body.data)).toEqual([{ field: 'code', rule: 'codeExpired' }]);
  });

  it('changes the phone number with a code sent to the new one, storing it without +86', async () => {
    const id = await createUser('13744444444', 'EndUser', '11', { phone: '13744444444' });
    const { token } = await t.api.login('13744444444');
    const taken = await post('/sys/user/modifyPhone', token, { phone: '13800000007', code: '515151' });
    expect(fieldsOf(taken.body.data)).toEqual([{ field: 'phone', rule: 'unique' }]);

    await issueCode('modifyPhone', '13755555555', '515151');
    expect((await post('/sys/user/modifyPhone', token, { phone: '+8613755555555', code: '515151' })).body.errCode).toBe(0);
    expect(await userById(id)).toMatchObject({ phone: '13755555555', loginName: '13755555555' });
  });
});

describe('login name', () => {
  it('can be changed once every 30 days to a name nobody logs in with', async () => {
    const id = await createUser('renamer', 'EndUser', '11');
    const { token } = await t.api.login('renamer');
    expect((await get('/sys/user/checkUpdateLoginNamePer', token)).body.data).toEqual({ canUpdate: 1 });

    for (const loginName of ['ADMIN', '13800000003', 'Support@Demo.Solar-Portal.dev']) {
      const { body } = await post('/sys/user/updateUserLoginName', token, { loginName });
      expect(fieldsOf(body.data)).toEqual([{ field: 'loginName', rule: 'unique' }]);
    }
    expect((await post('/sys/user/updateUserLoginName', token, { loginName: 'Renamed.User' })).body.errCode).toBe(0);
    expect((await userById(id)).loginName).toBe('Renamed.User');

    const check = await get<{ canUpdate: number; nextUpdateTime: string }>('/sys/user/checkUpdateLoginNamePer', token);
    expect(check.body.data.canUpdate).toBe(0);
    expect(Math.abs(Date.parse(check.body.data.nextUpdateTime) - (Date.now() + 30 * 24 * 3600_000))).toBeLessThan(60_000);
    const tooSoon = await post('/sys/user/updateUserLoginName', token, { loginName: 'renamed.again' });
    expect(fieldsOf(tooSoon.body.data)).toEqual([{ field: 'loginName', rule: 'tooSoon' }]);

    // Sessions stay valid; the next login uses the new name.
    expect((await get('/sys/user/getUserInfo', token)).body.errCode).toBe(0);
    expect((await t.api.login('renamed.user')).token).toBeTruthy();
  });
});

describe('staff edits of end users', () => {
  it('change an end user\'s phone, e-mail and login name; the rename ends their sessions', async () => {
    const id = await createUser('cust1', 'EndUser', '11', { phone: '13711111111', email: 'cust1@example.com' });
    const customer = await t.api.login('cust1');

    expect((await post('/sys/user/modifyEndUserPhone', tokens.installer!, { userId: id, phone: '+8613722222222' })).body.errCode).toBe(0);
    expect((await post('/sys/user/modifyEndUserEmail', tokens.installer!, { userId: id, email: 'Cust1.New@example.com' })).body.errCode).toBe(0);
    expect(await userById(id)).toMatchObject({ phone: '13722222222', email: 'Cust1.New@example.com', loginName: 'cust1' });
    expect((await get('/sys/user/getUserInfo', customer.token)).body.errCode).toBe(0);

    expect((await post('/sys/user/modifyEndUserLoginName', tokens.installer!, { userId: id, loginName: 'cust1.renamed' })).body.errCode).toBe(0);
    expect((await get('/sys/user/getUserInfo', customer.token)).body.errCode).toBe(10002);
    expect((await t.api.login('cust1.renamed')).token).toBeTruthy();
  });

  it('refuse identifiers other accounts use', async () => {
    const id = await userByLogin('cust1.renamed');
    for (const [path, form, field] of [
      ['modifyEndUserPhone', { phone: '13800000004' }, 'phone'],
      ['modifyEndUserEmail', { email: 'OWNER@demo.solar-portal.dev' }, 'email'],
      ['modifyEndUserLoginName', { loginName: 'Engineer' }, 'loginName'],
      ['modifyEndUserLoginName', { loginName: '13800000004' }, 'loginName'],
    ] as const) {
      const { body } = await post(`/sys/user/${path}`, tokens.installer!, { userId: id.id, ...form });
      expect(fieldsOf(body.data)).toEqual([{ field, rule: 'unique' }]);
    }
    expect(await userById(id.id)).toMatchObject({ phone: '13722222222', email: 'Cust1.New@example.com', loginName: 'cust1.renamed' });
  });

  it('refuse accounts that are not end users, and callers without the permission', async () => {
    const engineer = await idOf('engineer');
    const { body } = await post('/sys/user/modifyEndUserPhone', tokens.installer!, { userId: engineer, phone: '13766666666' });
    expect(fieldsOf(body.data)).toEqual([{ field: 'userId', rule: 'notEndUser' }]);
    const owner = await idOf('owner');
    expect((await post('/sys/user/modifyEndUserPhone', tokens.engineer!, { userId: owner, phone: '13766666666' })).body.errCode).toBe(10005);
    expect((await userByLogin('owner')).phone).toBe('13800000007');
  });

  it('turn an end user into a distributor or installer, within the roles the caller may give', async () => {
    const id = await createUser('cust2', 'EndUser', '11');
    const customer = await t.api.login('cust2');
    const refused = await post('/sys/user/updateToDistributorOrInstaller', tokens.installer!, { userId: id, roleKey: 'Installer', officeId: '11' });
    expect(fieldsOf(refused.body.data)).toEqual([{ field: 'roleKey', rule: 'notAssignable' }]);

    const { body } = await post<Account>('/sys/user/updateToDistributorOrInstaller', tokens.admin!, { userId: id, roleKey: 'DirectDistributor', officeId: '12' });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ userId: id, loginName: 'cust2', userType: 1, roleKey: 'DirectDistributor', roleName: 'Direct distributor', officeId: '12', officeName: 'Sunrise Service Centre', status: 0 });
    expect((await get('/sys/user/getUserInfo', customer.token)).body.errCode).toBe(10002);
    const again = await t.api.login('cust2');
    expect((await t.api.get<{ roles: string[] }>('/api/v1/sys/user/getLoginInfo', { token: again.token })).body.data.roles).toEqual(['DirectDistributor']);
    const twice = await post('/sys/user/updateToDistributorOrInstaller', tokens.admin!, { userId: id, roleKey: 'Installer', officeId: '11' });
    expect(fieldsOf(twice.body.data)).toEqual([{ field: 'userId', rule: 'notEndUser' }]);
  });

  it('change another account\'s country to one of the country list', async () => {
    const engineer = await idOf('engineer');
    expect((await post('/sys/user/modifyTargetUserCountryCode', tokens.installer!, { userId: engineer, countryCode: 'DE' })).body.errCode).toBe(0);
    expect((await userById(engineer)).countryCode).toBe('DE');
    const unknown = await post('/sys/user/modifyTargetUserCountryCode', tokens.installer!, { userId: engineer, countryCode: 'XX' });
    expect(fieldsOf(unknown.body.data)).toEqual([{ field: 'countryCode', rule: 'country' }]);
    expect((await userById(engineer)).countryCode).toBe('DE');
  });
});

describe('administrator\'s lock', () => {
  it('revokes every session of the account and refuses its login until unlocked', async () => {
    const id = await createUser('locky', 'EndUser', '11');
    const first = await t.api.login('locky');
    const second = await t.api.login('locky');
    expect((await post('/sys/user/lockUser', tokens.admin!, { userId: id, locked: 1 })).body).toEqual({ errCode: 0, errMsg: '', data: null });
    expect((await userById(id)).status).toBe('locked');
    for (const session of [first, second]) expect((await get('/sys/user/getUserInfo', session.token)).body.errCode).toBe(10002);
    const refused = await t.api.post('/api/v1/sys/login', { form: { username: 'locky', password: DEMO_PASSWORD } });
    expect(refused.body.errCode).toBe(10003);
    const listed = await get<Page<Account>>('/sys/user/companyAccountList', tokens.admin!, { searchKey: 'locky' });
    expect(listed.body.data.list[0]!.status).toBe(1);

    expect((await post('/sys/user/lockUser', tokens.admin!, { userId: id, locked: 0 })).body.errCode).toBe(0);
    expect((await userById(id)).status).toBe('active');
    expect((await t.api.login('locky')).token).toBeTruthy();
  });

  it('cannot lock one\'s own account or an account of the same rank', async () => {
    const self = await post('/sys/user/lockUser', tokens.admin!, { userId: await idOf('admin'), locked: 1 });
    expect(fieldsOf(self.body.data)).toEqual([{ field: 'userId', rule: 'self' }]);
    const peer = await createUser('installer.peer', 'Installer', '11');
    expect((await post('/sys/user/lockUser', tokens.installer!, { userId: peer, locked: 1 })).body.errCode).toBe(10005);
    expect((await userById(peer)).status).toBe('active');
    expect((await post('/sys/user/lockUser', tokens.engineer!, { userId: await idOf('owner'), locked: 1 })).body.errCode).toBe(10005);
  });
});

describe('cancellation', () => {
  it('explains the cancellation in the request language', async () => {
    const en = await get<{ title: string; content: string }>('/sys/user/getCancelAccountExplain', tokens.owner!);
    expect(en.body.data.title).toBe('Cancel your account');
    expect(en.body.data.content).toContain('cannot be undone');
    const zh = await get<{ title: string }>('/sys/user/getCancelAccountExplain', tokens.owner!, {}, 'zh-CN');
    expect(zh.body.data.title).toBe('注销账号');
  });

  it('is blocked while the user owns plants, and for the last administrator or professional of an office', async () => {
    const id = await createUser('leaver', 'EndUser', '11', { email: 'leaver@example.com', phone: '13788888888' });
    const { token } = await t.api.login('leaver');
    await db().insert(plants).values({ plantUid: 'P-LEAVER', plantName: 'Leaver roof', officeId: '11', ownerUserId: id });
    expect((await get('/sys/user/checkCancelAccount', token)).body.data).toEqual({ canCancel: 0, reasons: ['ownsPlants'], plantNum: 1 });
    const blocked = await post('/sys/user/cancelAccount', token, { password: DEMO_PASSWORD });
    expect(fieldsOf(blocked.body.data)).toEqual([{ field: 'ownsPlants', rule: 'cancelBlocked' }]);
    await db().delete(plants).where(eq(plants.plantUid, 'P-LEAVER'));
    expect((await get('/sys/user/checkCancelAccount', token)).body.data).toEqual({ canCancel: 1, reasons: [], plantNum: 0 });

    expect((await get('/sys/user/checkCancelAccount', tokens.admin!)).body.data).toMatchObject({ canCancel: 0, reasons: ['lastAdministrator'] });
    await db().insert(offices).values({ id: '13', parentId: '1', name: 'Solo Installations', path: '/1/13/' });
    await createUser('solo.installer', 'Installer', '13');
    await createUser('solo.customer', 'EndUser', '13');
    const solo = await t.api.login('solo.installer');
    expect((await get('/sys/user/checkCancelAccount', solo.token)).body.data).toMatchObject({ canCancel: 0, reasons: ['hasSubAccounts'] });
    expect((await get('/sys/user/checkCancelAccount', tokens.installer!)).body.data).toEqual({ canCancel: 1, reasons: [], plantNum: 0 });
  });

  it('needs the password or a code sent to the account\'s own phone or e-mail', async () => {
    const { token } = await t.api.login('leaver');
    for (const [form, field, rule] of [
      [{}, 'password', 'required'],
      [{ password: 'not-my-password' }, 'password', 'wrongPassword'],
      [{ code: '777777' }, 'code', 'codeExpired'],
    ] as const) {
      const { body } = await post('/sys/user/cancelAccount', token, form);
      expect(fieldsOf(body.data)).toEqual([{ field, rule }]);
    }
    expect((await userByLogin('leaver')).status).toBe('active');
  });

  it('erases personal data, frees the identifiers, revokes every session and ends logins', async () => {
    const id = await idOf('leaver');
    const first = await t.api.login('leaver');
    const second = await t.api.login('leaver');
    await issueCode('cancel', 'leaver@example.com', '135790');
    expect((await post('/sys/user/cancelAccount', first.token, { code: '135790' })).body).toEqual({ errCode: 0, errMsg: '', data: null });

    expect(await userById(id)).toMatchObject({ status: 'cancelled', loginName: `cancelled-${id}`, phone: null, email: null, userHead: null });
    expect((await userById(id)).cancelledAt).toBeInstanceOf(Date);
    for (const session of [first, second]) expect((await get('/sys/user/getUserInfo', session.token)).body.errCode).toBe(10002);
    for (const username of ['leaver', '13788888888', `cancelled-${id}`]) {
      expect((await t.api.post('/api/v1/sys/login', { form: { username, password: DEMO_PASSWORD } })).body.errCode).toBe(10003);
    }
    // Kept as a record, but no longer an account anyone lists or edits.
    expect((await get<Page<Account>>('/sys/user/companyAccountList', tokens.admin!, { searchKey: 'cancelled-' })).body.data.total).toBe(0);
    expect((await post('/sys/user/lockUser', tokens.admin!, { userId: id, locked: 1 })).body.errCode).toBe(10005);

    // Its e-mail address and login name are free again.
    const other = await createUser('leaver', 'EndUser', '11');
    expect((await post('/sys/user/modifyEndUserEmail', tokens.installer!, { userId: other, email: 'leaver@example.com' })).body.errCode).toBe(0);
  });

  it('accepts the password instead of a code', async () => {
    const id = await createUser('leaver.two', 'EndUser', '11');
    const { token } = await t.api.login('leaver.two');
    expect((await post('/sys/user/cancelAccount', token, { password: DEMO_PASSWORD })).body.errCode).toBe(0);
    expect((await userById(id)).status).toBe('cancelled');
  });
});

describe('lookups', () => {
  it('find an account exactly by login name, phone or e-mail, with its plants', async () => {
    const owner = await idOf('owner');
    await db().insert(plants).values({ plantUid: 'P-OWNER-1', plantName: 'Owner roof', officeId: '11', ownerUserId: owner });
    const query = (searchKey: string, queryType = 1, token = tokens.admin!) =>
      get<(Account & { plantList: { plantUid: string; plantName: string }[] })[]>('/sys/user/getInternalQuery', token, { queryType, searchKey });
    const byMail = await query('OWNER@demo.solar-portal.dev');
    expect(byMail.body.errCode).toBe(0);
    // The owner's demo plants (demo-plants.ts) are listed too.
    const owned = demoPlants.filter((p) => p.owner === 'owner').length + 1;
    expect(byMail.body.data).toEqual([expect.objectContaining({ loginName: 'owner', plantNum: owned })]);
    expect(byMail.body.data[0]!.plantList).toHaveLength(owned);
    expect(byMail.body.data[0]!.plantList).toContainEqual({ plantUid: 'P-OWNER-1', plantName: 'Owner roof' });
    expect((await query('+8613800000003')).body.data.map((a) => a.loginName)).toEqual(['installer']);
    expect((await query('Installer')).body.data.map((a) => a.loginName)).toEqual(['installer']);
    expect((await query('install')).body.data).toEqual([]);
    expect((await query('SN0000001', 2)).body.data).toEqual([]);
    // Support's office (12) does not hold the owner.
    expect((await query('owner', 1, tokens.support!)).body.data).toEqual([]);
    expect((await query('owner', 1, tokens.installer!)).body.errCode).toBe(10005);
  });

  it('name the installer behind an invite code', async () => {
    const found = await get('/sys/user/getUserByInviteCode', tokens.owner!, { inviteCode: 'SUNRISE1' });
    expect(found.body).toEqual({ errCode: 0, errMsg: '', data: { name: 'Sunrise Installations North', email: 'i******r@demo.solar-portal.dev' } });
    expect((await get('/sys/user/getUserByInviteCode', tokens.owner!, { inviteCode: 'sunrise1' })).body.data).toEqual(found.body.data);
    const unknown = await get('/sys/user/getUserByInviteCode', tokens.owner!, { inviteCode: 'NOPE1234' });
    expect(fieldsOf(unknown.body.data)).toEqual([{ field: 'inviteCode', rule: 'exists' }]);
  });

  it('answer a clear error for the old-web jumps when no old web is configured', async () => {
    for (const op of ['/sys/loginOldWebToEsolarHome', '/sys/jumpLoginToOldWeb', '/sys/yw/getWebUrlAndCode']) {
      const { body } = await get(op, tokens.installer!);
      expect(body).toEqual({ errCode: 10003, errMsg: 'No old web portal is configured on this server (OLD_WEB_URL)', data: null });
    }
  });
});
