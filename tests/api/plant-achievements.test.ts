// getPlantAchievements through the API: the figures from the plant's lifetime energy and grid
// price, its currency (the site's default when the plant names none), and its scoping.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantShares, plants, users } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const idOf = async (app: TestApp, login: string) => (await app.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, login)))[0]!.id;
const get = (app: TestApp, plantUid: string, token: string) =>
  app.api.get<Record<string, number | string>>('/api/v1/monitor/plantAchievements/getPlantAchievements', { token, query: { plantUid } });

beforeAll(async () => {
  t = await createTestApp();
  for (const login of ['owner', 'owner2', 'installer2', 'installer']) tokens[login] = (await t.api.login(login)).token;
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 60_000);
  await t.database.db.insert(plants).values({
    plantUid: 'ACH-1', plantName: 'Achiever', officeId: '21', ownerUserId: await idOf(t, 'owner2'),
    totalEnergy: 1234.5, gridPrice: 0.3, currencyName: 'AUD', createdAt: threeDaysAgo,
  });
});
afterAll(() => t.close());

describe('plant achievements', () => {
  it('answers the lifetime figures to the plant\'s owner and installer office', async () => {
    for (const token of [tokens.owner2!, tokens.installer2!]) {
      const { body } = await get(t, 'ACH-1', token);
      expect(body.errCode).toBe(0);
      expect(body.data).toEqual({
        runningDays: 3, totalEnergy: 1234.5, totalIncome: 370.35, currencyName: 'AUD', co2Reduction: 1.231, coalSaving: 0.494, treeEquivalent: 67,
      });
    }
  });

  it('answers 10005 to the other tree and for an unknown plant; a visitor of the plant sees it', async () => {
    expect((await get(t, 'ACH-1', tokens.owner!)).body.errCode).toBe(10005);
    expect((await get(t, 'ACH-1', tokens.installer!)).body.errCode).toBe(10005);
    expect((await get(t, 'NO-SUCH', tokens.owner2!)).body.errCode).toBe(10005);
    await t.database.db.insert(plantShares).values({ plantUid: 'ACH-1', visitorUserId: await idOf(t, 'owner'), permissions: ['viewPlant'] });
    expect((await get(t, 'ACH-1', tokens.owner!)).body.data.treeEquivalent).toBe(67);
  });
});

describe.each([['global', 'AUD'], ['cn', 'RMB'], ['au', 'AUD']] as const)('on the %s site', (site, currency) => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ config: { site } });
  });
  afterAll(() => s.close());

  it(`a plant without a currency is valued in ${currency}; no energy means nothing achieved`, async () => {
    await s.database.db.insert(plants).values({ plantUid: 'ACH-NEW', plantName: 'New', officeId: '21', ownerUserId: await idOf(s, 'owner2') });
    const { body } = await get(s, 'ACH-NEW', (await s.api.login('owner2')).token);
    expect(body.data).toEqual({ runningDays: 0, totalEnergy: 0, totalIncome: 0, currencyName: currency, co2Reduction: 0, coalSaving: 0, treeEquivalent: 0 });
  });
});
