// What addPlant binds and stores from the scan step (001 sections 3 and 4): a charger's rated
// power and alias typed in the scan step, and the child modules that go with their parent: all of
// them under a parent whose children cannot be removed, the kept ones under one whose can.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type Fields = Record<string, string | number | undefined>;
type FieldErrors = { errors: { field: string; rule: string }[] } | null;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.api.login('installer')).token;
});
afterAll(() => t.close());

let counter = 0;
/** A free device written straight into the inventory (the import form sets no CMP flag). */
async function device(snType: number, more: Partial<typeof devices.$inferInsert> = {}) {
  const sn = `BIND${snType}${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
  await t.database.db.insert(devices).values({ sn, snType, officeId: '12', ...more });
  return sn;
}

// Plant names are unique within an organisation.
const form = (extra: Fields): Fields => ({
  plantName: `Binding plant ${counter++}`, timeZone: 'Europe/Berlin', address: '1 Binding Street', countryCode: 'DE',
  latitude: 52.52, longitude: 13.405, systemPower: 20, gridPrice: 0.3, currencyName: 'EUR', ...extra,
});
const add = async (extra: Fields) =>
  (await t.api.post<FieldErrors & { plantUid: string }>('/api/v1/monitor/plant/addPlant', { token, form: form(extra), signing: 'none' })).body;
const rows = async (...sns: string[]) => new Map((await t.database.db.select().from(devices).where(inArray(devices.sn, sns))).map((d) => [d.sn, d]));
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));

describe('chargers', () => {
  it('stores the rated power and alias typed for a charger', async () => {
    const [inverter, charger] = [await device(1), await device(6)];
    const body = await add({ deviceSnArr: `${inverter},${charger}`, powerArr: '12,7.5', aliasesArr: ',Garage charger', chargeSn: charger, snType: 1 });
    expect(body.errCode).toBe(0);
    const stored = await rows(inverter, charger);
    expect(stored.get(charger)).toMatchObject({ plantUid: body.data.plantUid, ratedPower: 7.5, alias: 'Garage charger' });
    expect(stored.get(inverter)).toMatchObject({ plantUid: body.data.plantUid, ratedPower: 12 });
  });

  it('refuses a charger sent without its rated power', async () => {
    const [inverter, charger] = [await device(1), await device(6)];
    const body = await add({ deviceSnArr: inverter, powerArr: '12', chargeSn: charger, snType: 1 });
    expect(fieldsOf(body.data)).toEqual([{ field: 'deviceSnArr', rule: 'ratedPowerMissing' }]);
    expect((await rows(inverter, charger)).get(charger)!.plantUid).toBeNull();
  });
});

describe('child modules', () => {
  it('go with an inverter, whose children cannot be removed, modules named or not', async () => {
    const inverter = await device(1);
    const [mod4, mod5] = [await device(4, { parentSn: inverter }), await device(5, { parentSn: inverter })];
    const body = await add({ deviceSnArr: inverter, powerArr: '10', snType: 1, moduleSn: mod4 });
    expect(body.errCode).toBe(0);
    const stored = await rows(mod4, mod5);
    expect(stored.get(mod4)!.plantUid).toBe(body.data.plantUid);
    expect(stored.get(mod5)!.plantUid).toBe(body.data.plantUid);
  });

  it('under a CMP energy manager, only the kept ones the wizard names (a type 5 among them)', async () => {
    const ems = await device(3, { ifCmpDevice: 1 });
    const [removed, kept] = [await device(4, { parentSn: ems }), await device(5, { parentSn: ems })];
    const body = await add({ deviceSnArr: ems, powerArr: '50', snType: 3, ifCMPDevice: 1, ifInstallPv: 0, emsModuleSn: ems, NAmoduleSn: kept });
    expect(body.errCode).toBe(0);
    const stored = await rows(removed, kept);
    expect(stored.get(kept)!.plantUid).toBe(body.data.plantUid);
    expect(stored.get(removed)!.plantUid).toBeNull();
  });
});
