// No write may break a read: a value that later reads interpret is checked, when it is written,
// against everything that interprets it. An outside tester stored a plant zone PostgreSQL did not
// know (editPlant answered 10001 and yet stored it), after which every plant list of the tree failed.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants, users } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type FieldErrors = { errors: { field: string; rule: string }[] } | null;
type Page<T> = { list: T[]; total: number };
interface Plant { plantUid: string; plantName: string; timeZone: string }

/** Zones the tester stored: unknown to both, to PostgreSQL only, to the runtime only, or file names. */
const BAD_ZONES = ['Mars/Olympus', 'posixrules', 'localtime', 'US/Pacific-New', 'Factory', '+05:00', 'asia/shanghai'];

let t: TestApp;
const tokens: Record<string, string> = {};
let plant: Plant;
beforeAll(async () => {
  t = await createTestApp();
  for (const login of ['owner', 'installer', 'admin']) tokens[login] = (await t.api.login(login)).token;
  plant = (await t.api.get<Page<Plant>>('/api/v1/monitor/plant/getPlantList', { token: tokens.owner })).body.data.list[0]!;
});
afterAll(() => t.close());

const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));
const storedZone = async () => (await t.database.db.select({ zone: plants.timeZone }).from(plants).where(eq(plants.plantUid, plant.plantUid)))[0]!.zone;

/** What the tester saw fail afterwards: the tree's lists, the plant and its dashboard. */
async function treeReads() {
  const reads = [];
  for (const login of ['owner', 'installer', 'admin']) {
    reads.push((await t.api.get('/api/v1/monitor/plant/getPlantList', { token: tokens[login] })).body.errCode);
  }
  reads.push((await t.api.get('/api/v1/monitor/plant/getOnePlantInfo', { token: tokens.owner, query: { plantUid: plant.plantUid } })).body.errCode);
  reads.push((await t.api.get('/api/v1/monitor/home/getHomePlantStatisticsData', { token: tokens.installer })).body.errCode);
  return reads;
}

describe('a plant\'s time zone', () => {
  it('is refused, naming the field and the rule, unless PostgreSQL and the runtime both know it; nothing is stored and every read of the tree still answers', async () => {
    const before = await storedZone();
    for (const timeZone of BAD_ZONES) {
      const { body } = await t.api.post<FieldErrors>('/api/v1/monitor/plant/editPlant', {
        token: tokens.owner, form: { plantUid: plant.plantUid, plantName: plant.plantName, timeZone, address: '1 Solar Street', systemPower: 5, gridPrice: 0.3 },
      });
      expect(body.errCode, timeZone).toBe(10003);
      expect(fieldsOf(body.data), timeZone).toContainEqual({ field: 'timeZone', rule: 'timeZone' });
      expect(await storedZone()).toBe(before);
    }
    expect(await treeReads()).toEqual([0, 0, 0, 0, 0]);
  });

  it('is refused by the database itself, whatever writes it', async () => {
    for (const zone of ['Mars/Olympus', 'US/Pacific-New', 'Factory', '+05:00', 'posixrules', 'localtime', 'Localtime', 'right/UTC', 'posix/Europe/Berlin']) {
      await expect(t.database.db.update(plants).set({ timeZone: zone }).where(eq(plants.plantUid, plant.plantUid)), zone).rejects.toThrow();
      await expect(t.database.db.update(users).set({ timeZone: zone }).where(eq(users.loginName, 'owner')), zone).rejects.toThrow();
    }
    await t.database.db.update(plants).set({ timeZone: 'Asia/Calcutta' }).where(eq(plants.plantUid, plant.plantUid));
    expect(await storedZone()).toBe('Asia/Calcutta');
  });
});

describe('an account\'s time zone', () => {
  it('is held to the same rule in the profile', async () => {
    for (const timeZone of ['US/Pacific-New', 'posixrules']) {
      const { body } = await t.api.post<FieldErrors>('/api/v1/sys/user/saveUserInfo', { token: tokens.owner, form: { timeZone } });
      expect(fieldsOf(body.data), timeZone).toEqual([{ field: 'timeZone', rule: 'timeZone' }]);
    }
  });
});

describe('migration 0021', () => {
  it('repairs zones stored before the check: PostgreSQL\'s spelling of the same name, else UTC', async () => {
    const db = t.database.db;
    const statements = readFileSync(new URL('../../server/db/migrations/0021_repair_stored_values.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    const repairs = statements.filter((s) => /^UPDATE/m.test(s));
    expect(repairs).toHaveLength(2);
    await db.execute(sql`alter table plants drop constraint plants_time_zone_known`);
    await db.execute(sql`alter table users drop constraint users_time_zone_known`);
    const [a, b, c] = (await db.select({ plantUid: plants.plantUid }).from(plants).limit(3)).map((p) => p.plantUid);
    await db.update(plants).set({ timeZone: 'asia/shanghai' }).where(eq(plants.plantUid, a!));
    await db.update(plants).set({ timeZone: 'Mars/Olympus' }).where(eq(plants.plantUid, b!));
    await db.update(plants).set({ timeZone: 'Factory' }).where(eq(plants.plantUid, c!));
    await db.update(users).set({ timeZone: 'US/Pacific-New' }).where(eq(users.loginName, 'installer'));
    for (const statement of repairs) await db.execute(sql.raw(statement));
    const zoneOf = async (uid: string) => (await db.select({ zone: plants.timeZone }).from(plants).where(eq(plants.plantUid, uid)))[0]!.zone;
    expect([await zoneOf(a!), await zoneOf(b!), await zoneOf(c!)]).toEqual(['Asia/Shanghai', 'UTC', 'UTC']);
    expect((await db.select({ zone: users.timeZone }).from(users).where(eq(users.loginName, 'installer')))[0]!.zone).toBe('UTC');
    // The constraints go back on over the repaired rows.
    for (const statement of statements.filter((s) => /ADD CONSTRAINT/.test(s))) await db.execute(sql.raw(statement));
    expect(await treeReads()).toEqual([0, 0, 0, 0, 0]);
  });
});
