// Organisation scoping (PROTOCOL.md "Organisations and scoping"): users of the second, unrelated
// office tree ('2' with '21') get 10005 on every account and office of the first tree, for every
// operation, exactly as for objects that do not exist; narrowing never widens; nothing changes.
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../fixtures/app.ts';

type Fields = Record<string, string | number>;
interface Page<T> { list: T[]; total: number }

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  // An administrator of the second tree: every permission, so that only the scope can refuse.
  const [role] = await t.database.db.select().from(roles).where(eq(roles.roleKey, 'Administrator'));
  await t.database.db.insert(users).values({
    id: randomUUID(), loginName: 'admin2', nickname: 'Blue Admin', roleId: role!.id, officeId: '2', passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  for (const name of ['admin', 'admin2', 'installer2', 'owner2']) tokens[name] = (await t.api.login(name)).token;
  for (const row of await t.database.db.select({ id: users.id, loginName: users.loginName }).from(users)) ids[row.loginName] = row.id;
});
afterAll(() => t.close());

const treeOne = () => t.database.db.select().from(users).where(inArray(users.officeId, ['1', '11', '12'])).orderBy(asc(users.id));
const call = (method: 'GET' | 'POST', path: string, token: string, fields: Fields) =>
  method === 'GET' ? t.api.get(`/api/v1${path}`, { token, query: fields }) : t.api.post(`/api/v1${path}`, { token, form: fields });

/** Every operation on one object of the first tree, as [name, method, path, fields with the object, the same with a missing one]. */
function operations(): [string, 'GET' | 'POST', string, Fields, Fields][] {
  const owner = ids.owner!;
  const missingUser = randomUUID();
  const offices = (officeId: string): [Fields, Fields] => [{ officeId }, { officeId: 'no-such-office' }];
  const user = (fields: Fields): [Fields, Fields] => [{ userId: owner, ...fields }, { userId: missingUser, ...fields }];
  return [
    ['getUserSubOfficeList (root)', 'GET', '/sys/office/getUserSubOfficeList', ...offices('1')],
    ['getUserSubOfficeList', 'GET', '/sys/office/getUserSubOfficeList', ...offices('11')],
    ['pageOffice by parent', 'GET', '/sys/office/pageOffice', { parentId: '11' }, { parentId: 'no-such-office' }],
    ['findAuthCountryList', 'GET', '/sys/office/findAuthCountryList', ...offices('12')],
    ['getCompanySubOfficeList', 'GET', '/sys/user/getCompanySubOfficeList', ...offices('1')],
    ['companyAccountList by office', 'GET', '/sys/user/companyAccountList', ...offices('11')],
    ['exportCompanyAccountList by office', 'GET', '/sys/user/exportCompanyAccountList', ...offices('11')],
    ['modifyEndUserLoginName', 'POST', '/sys/user/modifyEndUserLoginName', ...user({ loginName: 'hijacked' })],
    ['modifyEndUserPhone', 'POST', '/sys/user/modifyEndUserPhone', ...user({ phone: '13766660000' })],
    ['modifyEndUserEmail', 'POST', '/sys/user/modifyEndUserEmail', ...user({ email: 'hijack@example.com' })],
    ['updateToDistributorOrInstaller', 'POST', '/sys/user/updateToDistributorOrInstaller', ...user({ roleKey: 'DirectDistributor', officeId: '21' })],
    ['updateToDistributorOrInstaller into their office', 'POST', '/sys/user/updateToDistributorOrInstaller',
      { userId: ids.owner2!, roleKey: 'DirectDistributor', officeId: '11' }, { userId: ids.owner2!, roleKey: 'DirectDistributor', officeId: 'no-such-office' }],
    ['modifyTargetUserCountryCode', 'POST', '/sys/user/modifyTargetUserCountryCode', ...user({ countryCode: 'AU' })],
    ['lockUser', 'POST', '/sys/user/lockUser', ...user({ locked: 1 })],
  ];
}

describe('the second office tree', () => {
  it('gets 10005 on every object of the first, the same answer as for a missing one, and changes nothing', async () => {
    const before = await treeOne();
    for (const who of ['admin2', 'installer2', 'owner2']) {
      for (const [name, method, path, existing, missing] of operations()) {
        const real = await call(method, path, tokens[who]!, existing);
        const absent = await call(method, path, tokens[who]!, missing);
        expect({ who, name, body: real.body }).toEqual({ who, name, body: { errCode: 10005, errMsg: 'You do not have permission to do this', data: null } });
        expect({ who, name, body: absent.body }).toEqual({ who, name, body: real.body });
      }
    }
    expect(await treeOne()).toEqual(before);
  });

  it('can do the same operations on its own objects', async () => {
    expect((await call('GET', '/sys/office/getUserSubOfficeList', tokens.admin2!, { officeId: '2' })).body.data).toEqual([
      { officeId: '21', officeName: 'Blue Coast Installers', hasSubOffice: 0 },
    ]);
    expect((await call('POST', '/sys/user/modifyEndUserPhone', tokens.installer2!, { userId: ids.owner2!, phone: '13966660000' })).body.errCode).toBe(0);
    expect((await call('POST', '/sys/user/modifyTargetUserCountryCode', tokens.admin2!, { userId: ids.owner2!, countryCode: 'NZ' })).body.errCode).toBe(0);
    expect((await call('GET', '/sys/office/findAuthCountryList', tokens.owner2!, {})).body.errCode).toBe(0);
  });

  it('sees none of the first tree in lists, searches and lookups, and narrowing to it gives nothing', async () => {
    const accounts = await call('GET', '/sys/user/companyAccountList', tokens.admin2!, { pageSize: 100 });
    expect((accounts.body.data as Page<{ loginName: string }>).list.map((a) => a.loginName).sort()).toEqual(['admin2', 'installer2', 'owner2']);
    for (const searchOfficeIdArr of ['1,11,12', '11']) {
      expect((await call('GET', '/sys/user/companyAccountList', tokens.admin2!, { searchOfficeIdArr })).body.data).toMatchObject({ total: 0, list: [] });
      expect((await call('GET', '/sys/office/pageOffice', tokens.admin2!, { searchOfficeIdArr })).body.data).toMatchObject({ total: 0, list: [] });
    }
    // Naming both trees narrows to the caller's own part only.
    const mixed = await call('GET', '/sys/office/pageOffice', tokens.admin2!, { searchOfficeIdArr: '11,21' });
    expect((mixed.body.data as Page<{ officeId: string }>).list.map((o) => o.officeId)).toEqual(['21']);
    const search = await call('GET', '/sys/office/getUserOfficeListPage', tokens.installer2!, { pageSize: 1000, searchKey: 'Sunrise' });
    expect(search.body.data).toMatchObject({ id: '21', treeBeanList: { total: 0, list: [] } });
    for (const searchKey of ['owner', 'installer@demo.solar-portal.dev', '13800000007']) {
      expect((await call('GET', '/sys/user/getInternalQuery', tokens.admin2!, { queryType: 1, searchKey })).body).toMatchObject({ errCode: 0, data: [] });
    }
  });

  it('is just as invisible to the first tree', async () => {
    expect((await call('POST', '/sys/user/lockUser', tokens.admin!, { userId: ids.owner2!, locked: 1 })).body.errCode).toBe(10005);
    expect((await call('GET', '/sys/office/getUserSubOfficeList', tokens.admin!, { officeId: '2' })).body.errCode).toBe(10005);
    const accounts = await call('GET', '/sys/user/companyAccountList', tokens.admin!, { searchKey: 'Blue' });
    expect(accounts.body.data).toMatchObject({ total: 0 });
  });
});
