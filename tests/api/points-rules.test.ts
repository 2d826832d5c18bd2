// Point rules and member levels: their administration with the rules a schema cannot say
// (overlapping enabled rules, the last day before the first, levels unique with rising points),
// awards made exactly once per user, rule and event under retries, the daily limit, the member
// multiplier, the daily sign-in on login, and the demo's year of points.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { csvRows } from '../fixtures/export-files.ts';
import { brokenBalances, grant, makeUser, rowsOf } from '../fixtures/points.ts';
import { awardPointsForEvent, dailyLoginAward } from '../../server/services/point-awards.ts';
import { pointBalance } from '../../server/services/points-ledger.ts';

let t: TestApp;
let admin: string;

interface Rule { id: number; ruleName: string; eventType: number; targetUserType: number; points: number; status: number; endDate?: string }
interface Level { id: number; level: number; levelName: string; minPoints: number; memberNum: number }
interface FieldErrors { errors: { field: string; rule: string }[] }
type Fields = Record<string, string | number>;

const post = <T>(path: string, form: Fields, token = admin) => t.api.post<T & FieldErrors>(`/api/v1/point/${path}`, { token, form });
const fieldsOf = (body: { errCode: number; data: FieldErrors }) => ({ errCode: body.errCode, fields: body.data?.errors?.map((e) => `${e.field}:${e.rule}`) });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.api.login('admin')).token;
});
afterAll(async () => t.close());

describe('point rules', () => {
  it('adds, lists, edits and deletes a rule, refusing an overlapping enabled rule and a last day before the first', async () => {
    const added = await post<Rule>('savePointsRule', { ruleName: 'Survey answered', eventType: 6, targetUserType: 0, points: 40, startDate: '2026-01-01' });
    expect(added.body.errCode, added.body.errMsg).toBe(0);
    const id = added.body.data.id;
    const listed = await post<{ list: Rule[]; total: number }>('getPointRuleList', { ruleName: 'survey ANSWERED' });
    expect(listed.body.data.list.map((r) => r.id)).toEqual([id]);

    // Everyone (2) overlaps end users (0) on the same event with open-ended days.
    const clash = await post<Rule>('savePointsRule', { ruleName: 'Survey for all', eventType: 6, targetUserType: 2, points: 5 });
    expect(fieldsOf(clash.body)).toEqual({ errCode: 10003, fields: ['eventType:ruleOverlap'] });
    // Disabled, or for other users, or over other days, it may coexist.
    expect((await post<Rule>('savePointsRule', { ruleName: 'Survey, later', eventType: 6, targetUserType: 2, points: 5, status: 0 })).body.errCode).toBe(0);
    expect((await post<Rule>('savePointsRule', { ruleName: 'Survey, pros', eventType: 6, targetUserType: 1, points: 5 })).body.errCode).toBe(0);
    expect((await post<Rule>('savePointsRule', { ruleName: 'Survey, 2025', eventType: 6, targetUserType: 0, points: 5, startDate: '2025-01-01', endDate: '2025-12-31' })).body.errCode).toBe(0);

    const backwards = await post<Rule>('updatePointsRule', { id, ruleName: 'Survey answered', eventType: 6, targetUserType: 0, points: 40, startDate: '2026-03-01', endDate: '2026-02-01' });
    expect(fieldsOf(backwards.body)).toEqual({ errCode: 10003, fields: ['endDate:notBefore'] });
    const edited = await post<Rule>('updatePointsRule', { id, ruleName: 'Survey answered', eventType: 6, targetUserType: 0, points: 45, startDate: '2026-01-01', endDate: '2099-12-31' });
    expect(edited.body.data).toMatchObject({ id, points: 45, endDate: '2099-12-31' });

    expect((await post('deletePointsRule', { id })).body.errCode).toBe(0);
    expect(fieldsOf((await post('deletePointsRule', { id })).body)).toEqual({ errCode: 10003, fields: ['id:exists'] });
    expect(fieldsOf((await post<Rule>('updatePointsRule', { id, ruleName: 'Gone', eventType: 6, targetUserType: 0, points: 1 })).body)).toEqual({ errCode: 10003, fields: ['id:exists'] });
  });

  it('awards a rule once per user and event, however often and concurrently the event is reported', async () => {
    const user = await makeUser(t);
    const award = { userId: user.id, event: 'plantCreated' as const, eventKey: `plant-${user.id}` };
    const results = await Promise.all(Array.from({ length: 8 }, () => t.database.db.transaction((tx) => awardPointsForEvent(tx, award))));
    // The demo's "New plant" rule: 200 points for everyone, once.
    expect(results.filter((p) => p > 0)).toEqual([200]);
    expect(await pointBalance(t.database.db, user.id)).toBe(200);
    expect(await rowsOf(t, sql`select event_key from point_awards where user_id = ${user.id}`)).toEqual([{ event_key: award.eventKey }]);
  });

  it('caps a rule at its daily limit and multiplies awards by the member level', async () => {
    const user = await makeUser(t);
    const db = t.database.db;
    // Daily sign-in: 10 points, at most 10 a day; a second key the same day earns nothing more.
    await db.transaction((tx) => awardPointsForEvent(tx, dailyLoginAward(user.id)));
    await db.transaction((tx) => awardPointsForEvent(tx, { ...dailyLoginAward(user.id), eventKey: 'another-key' }));
    expect(await pointBalance(db, user.id)).toBe(10);
    // 1,000 lifetime points reach Silver (x1.2): the next plant earns 240 instead of 200.
    await grant(t, user.id, 990);
    await db.transaction((tx) => awardPointsForEvent(tx, { userId: user.id, event: 'plantCreated', eventKey: 'silver-plant' }));
    expect(await pointBalance(db, user.id)).toBe(1240);
    const info = await t.api.get<{ memberLevelName: string; pointsMultiplier: number; discountPercent: number; nextLevelName: string; pointsToNextLevel: number }>(
      '/api/v1/point/getPointInfo', { token: (await t.api.login(user.loginName)).token });
    // That login's daily sign-in found today's limit reached.
    expect(info.body.data).toMatchObject({ memberLevelName: 'Silver', pointsMultiplier: 1.2, discountPercent: 5, nextLevelName: 'Gold', pointsToNextLevel: 5000 - 1240 });
  });

  it('awards the daily sign-in on the first login of the day only', async () => {
    const user = await makeUser(t);
    await t.api.login(user.loginName);
    await t.api.login(user.loginName);
    expect(await pointBalance(t.database.db, user.id)).toBe(10);
    expect(await brokenBalances(t)).toEqual([]);
  });

  it('exports the rules the screen\'s filters select, headed and labelled as the screen, to holders of the permission only', async () => {
    const name = `Export check ${Date.now().toString(36)}`;
    expect((await post<Rule>('savePointsRule', { ruleName: name, eventType: 6, targetUserType: 1, points: 7, status: 0 })).body.errCode).toBe(0);
    const exported = (lang: string, token = admin) => t.app.inject(t.api.request('POST', '/api/v1/point/exportPointRuleList', { token, lang, query: { format: 'csv' }, form: { ruleName: name } }));
    const en = csvRows((await exported('en')).rawPayload);
    expect(en[0]!.slice(0, 3)).toEqual(['Rule name', 'Event', 'Earned by']);
    expect(en.slice(1)).toEqual([expect.arrayContaining([name, 'Questionnaire completed', 'Professional users', '7', 'Disabled'])]);
    const zh = csvRows((await exported('zh-CN')).rawPayload);
    expect(zh[1]).toEqual(expect.arrayContaining([name, '完成问卷', '停用']));
    const engineer = (await t.api.login('engineer')).token;
    expect((await exported('en', engineer)).json().errCode).toBe(10005);
  });
});

describe('member levels', () => {
  it('keeps levels unique with minimum points rising with the level', async () => {
    const added = await post<Level>('saveMemberEquityRule', { levelName: 'Diamond', level: 5, minPoints: 50000, pointsMultiplier: 2.5, discountPercent: 20 });
    expect(added.body.errCode, added.body.errMsg).toBe(0);
    expect(fieldsOf((await post<Level>('saveMemberEquityRule', { levelName: 'Again', level: 5, minPoints: 60000 })).body)).toEqual({ errCode: 10003, fields: ['level:unique'] });
    expect(fieldsOf((await post<Level>('saveMemberEquityRule', { levelName: 'Odd', level: 6, minPoints: 40000 })).body)).toEqual({ errCode: 10003, fields: ['minPoints:exclusiveMinimum'] });
    expect(fieldsOf((await post<Level>('updateMemberEquityRule', { id: added.body.data.id, levelName: 'Diamond', level: 5, minPoints: 10000 })).body))
      .toEqual({ errCode: 10003, fields: ['minPoints:exclusiveMinimum'] });
    const { body } = await post<{ list: Level[] }>('getMemberEquityRuleList', { pageSize: 20 });
    expect(body.data.list.map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    // Every demo account with points is a member of some level.
    expect(body.data.list.reduce((n, l) => n + l.memberNum, 0)).toBeGreaterThan(0);
    expect((await post('deleteMemberEquityRule', { id: added.body.data.id })).body.errCode).toBe(0);
  });
});

describe('demo points', () => {
  it('gives every demo end user over 1,000 points earned over a year, in a ledger that adds up', async () => {
    const users = await rowsOf<{ login_name: string; balance: number; first: string }>(t, sql`select u.login_name, b.balance,
      (select min(created_at) from point_ledger l where l.user_id = u.id)::text as first
      from users u join roles r on r.id = u.role_id and r.role_key = 'EndUser' join point_balances b on b.user_id = u.id
      where u.login_name in ('owner', 'owner2')`);
    expect(users.map((u) => u.login_name).sort()).toEqual(['owner', 'owner2']);
    for (const u of users) {
      expect(u.balance).toBeGreaterThanOrEqual(1000);
      expect(Date.now() - Date.parse(u.first)).toBeGreaterThan(300 * 86_400_000);
    }
    expect(await brokenBalances(t)).toEqual([]);
  });
});
