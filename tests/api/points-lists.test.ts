// The points lists, statistics, chart and exports over the demo's year of points: each caller
// sees the users of their own organisations only (another tree's user is 10005 by id and absent
// from the lists), end users see their own records, and the exports answer files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeUser } from '../fixtures/points.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let owner: string;
let ownerId: string;
let owner2Id: string;

interface PointRecord { id: number; userId: string; loginName: string; changeType: number; points: number; balance: number; ruleName?: string; eventType?: number }
interface Page<T> { list: T[]; total: number }
interface Account { userId: string; loginName: string; availablePoints: number; totalEarnedPoints: number; memberLevelName?: string }
type Fields = Record<string, string | number>;

const post = <T>(path: string, form: Fields, token = admin, query: Fields = {}) => t.api.post<T>(`/api/v1/point/${path}`, { token, form, query });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
  owner = (await t.api.login('owner')).token;
  const other = await makeUser(t, { roleKey: 'Administrator', officeId: '2' });
  otherAdmin = (await t.api.login(other.loginName)).token;
  const accounts = await post<Page<Account>>('webUserPointsRecordList', { keyword: 'owner', pageSize: 50 });
  ownerId = accounts.body.data.list.find((a) => a.loginName === 'owner')!.userId;
  owner2Id = (await post<Page<Account>>('webUserPointsRecordList', { keyword: 'owner2' }, otherAdmin)).body.data.list[0]!.userId;
});
afterAll(async () => t.close());

describe('points lists', () => {
  it('answers an end user their own records, income or consumption', async () => {
    const income = await post<Page<PointRecord>>('webUserPointConsumptionList', { direction: 1, pageSize: 100 }, owner);
    expect(income.body.errCode, income.body.errMsg).toBe(0);
    expect(income.body.data.total).toBeGreaterThan(100);
    expect(income.body.data.list.every((r) => r.userId === ownerId && r.points > 0)).toBe(true);
    const spent = await post<Page<PointRecord>>('webUserPointConsumptionList', { direction: 2 }, owner);
    expect(spent.body.data.list.every((r) => r.points < 0)).toBe(true);
    // The staff lists need their permission.
    expect((await post('webPointsRecordList', {}, owner)).body.errCode).toBe(10005);
  });

  it('lists the records and accounts of the caller\'s organisations only', async () => {
    const mine = await post<Page<PointRecord>>('webPointsRecordList', { userId: ownerId, changeType: 1, eventType: 5, pageSize: 5 });
    expect(mine.body.errCode, mine.body.errMsg).toBe(0);
    expect(mine.body.data.list).toHaveLength(5);
    expect(mine.body.data.list[0]).toMatchObject({ userId: ownerId, loginName: 'owner', changeType: 1, eventType: 5, ruleName: 'Daily sign-in' });
    const byKeyword = await post<Page<PointRecord>>('webPointsRecordList', { keyword: 'OWNER', pageSize: 1000 });
    expect(new Set(byKeyword.body.data.list.map((r) => r.loginName))).toEqual(new Set(['owner']));

    // Another tree: its user by id is 10005, and neither list shows the other's users.
    expect((await post('webPointsRecordList', { userId: owner2Id })).body.errCode).toBe(10005);
    expect((await post('webPointsRecordList', { userId: ownerId }, otherAdmin)).body.errCode).toBe(10005);
    const theirs = await post<Page<Account>>('webUserPointsRecordList', { pageSize: 100 }, otherAdmin);
    expect(theirs.body.data.list.map((a) => a.loginName)).toContain('owner2');
    expect(theirs.body.data.list.map((a) => a.loginName)).not.toContain('owner');
    const narrowed = await post<Page<Account>>('webUserPointsRecordList', {}, otherAdmin, { searchOfficeIdArr: '11' });
    expect(narrowed.body.data).toMatchObject({ list: [], total: 0 });

    const accounts = await post<Page<Account>>('webUserPointsRecordList', { userType: 0, pageSize: 100 });
    const balances = accounts.body.data.list.map((a) => a.availablePoints);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect(accounts.body.data.list.find((a) => a.loginName === 'owner')).toMatchObject({ memberLevelName: 'Silver' });
  });

  it('lists and totals the device awards of the caller\'s organisations', async () => {
    const { body } = await post<Page<PointRecord & { deviceSn: string; snType: number; plantName: string }>>('webDeviceManagerRecordList', { pageSize: 100 });
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.list[0]).toMatchObject({ eventType: 2, ruleName: 'Device installed', points: 50 });
    expect(body.data.list[0]!.snType).toBeGreaterThan(0);
    const totals = await post<{ deviceNum: number; plantNum: number; userNum: number; totalPoints: number }>('webDeviceManagerStatics', {});
    expect(totals.body.data).toMatchObject({ deviceNum: body.data.total, totalPoints: 50 * body.data.total });
    const none = await post<{ deviceNum: number }>('webDeviceManagerStatics', { deviceSn: 'no-such-serial' });
    expect(none.body.data.deviceNum).toBe(0);
  });

  it('charts income against consumption per month, every month present, within the range limits', async () => {
    const end = new Date().toISOString().slice(0, 10);
    const start = `${Number(end.slice(0, 4)) - 1}${end.slice(4, 8)}01`;
    const { body } = await post<{ period: string; incomePoints: number; consumptionPoints: number }[]>('aggUserPointGroupByPeriod', { periodType: 'month', startDate: start, endDate: end }, owner);
    expect(body.errCode, body.errMsg).toBe(0);
    expect(body.data).toHaveLength(13);
    expect(body.data.reduce((n, b) => n + b.incomePoints, 0)).toBeGreaterThan(1000);
    const tooLong = await post<{ errors: { field: string; rule: string }[] }>('aggUserPointGroupByPeriod', { periodType: 'day', startDate: '2026-01-01', endDate: '2026-03-01' }, owner);
    expect(tooLong.body.data.errors).toMatchObject([{ field: 'endDate', rule: 'periodTooLong' }]);
    // Year 0 passes the date format but has no days in the database: refused, never a fault.
    const yearZero = await post<{ errors: { field: string; rule: string }[] }>('webUserPointConsumptionList', { startDate: '0000-12-31' }, owner);
    expect(yearZero.body.data.errors).toMatchObject([{ field: 'startDate', rule: 'format' }]);
    const far = await post<{ period: string }[]>('aggUserPointGroupByPeriod', { periodType: 'year', startDate: '9990-01-01', endDate: '9999-12-31' }, owner);
    expect(far.body.data).toHaveLength(10);
    // Another user's chart: staff of that user's organisations only.
    expect((await post('aggUserPointGroupByPeriod', { periodType: 'year', startDate: start, endDate: end, userId: owner2Id }, owner)).body.errCode).toBe(10005);
    expect((await post('aggUserPointGroupByPeriod', { periodType: 'year', startDate: start, endDate: end, userId: owner2Id })).body.errCode).toBe(10005);
    expect((await post('aggUserPointGroupByPeriod', { periodType: 'year', startDate: start, endDate: end, userId: ownerId })).body.errCode).toBe(0);
  });

  it('exports records, accounts and device awards as XLSX or CSV', async () => {
    for (const [path, heading] of [['exportWebPointsRecordList', 'Balance after'], ['webUserPointsRecordListExport', 'Available points'], ['exportDeviceManagerRecordList', 'Serial number']]) {
      const csv = await t.app.inject(t.api.request('POST', `/api/v1/point/${path!}`, { token: admin, query: { format: 'csv' }, form: {} }));
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(decodeURIComponent(String(csv.headers['download-filename']))).toMatch(/\.csv$/);
      expect(csv.body.split('\r\n')[0]).toContain(heading);
      expect(csv.body.split('\r\n').length).toBeGreaterThan(2);
      const xlsx = await t.app.inject(t.api.request('POST', `/api/v1/point/${path!}`, { token: admin, form: {}, lang: 'zh-CN' }));
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    // Another tree's administrator exports none of this tree's records.
    const theirs = await t.app.inject(t.api.request('POST', '/api/v1/point/exportWebPointsRecordList', { token: otherAdmin, query: { format: 'csv' }, form: { keyword: 'owner' } }));
    expect(theirs.body).not.toMatch(/,owner,/);
  });
});
