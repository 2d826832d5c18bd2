// The demo's plants and device inventory (README "Demo plants and free serials"): over a dozen
// plants in every office that has accounts (so that every demo login opens onto plants), of every plant type, in both hemispheres and several time zones, and an
// inventory holding every device type, bound and free, with the child-module cases of the scan
// step (a device with children, a CMP device, a C6 energy manager). Readings (power, energy,
// status) stay at their defaults: only telemetry sets them. Seeding twice changes nothing.
import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { devices, plantConfigs, plantShares, plants, users } from '../schema/index.ts';
import { DEFAULT_PRICES } from '../../domain/plants/site-params.ts';
import { MAX_SYSTEM_POWER_KWP } from '../../../src/lib/plant-rules.ts';

type DeviceSeed = Omit<typeof devices.$inferInsert, 'officeId'> & { officeId?: string };
type PlantSeed = Omit<typeof plants.$inferInsert, 'ownerUserId' | 'installerUserId' | 'createdBy'> & {
  owner?: string; installer: string; devices: DeviceSeed[];
};

const sunrise = { officeId: '11' } as const;
/** Sunrise Service Centre: the office of the `support` and `provider` accounts. */
const serviceCentre = { officeId: '12' } as const;
const blueCoast = { officeId: '21' } as const;

export const demoPlants: PlantSeed[] = [
  { ...sunrise, plantUid: 'demo-plant-01', plantName: 'Olivia\'s rooftop', type: 0, owner: 'owner', installer: 'installer',
    countryCode: 'CN', timeZone: 'Asia/Shanghai', address: '18 Wensan Road, Hangzhou', latitude: 30.2741, longitude: 120.1551,
    systemPower: 8, gridPrice: 0.45, currencyName: 'RMB', isInstallMeter: '1', meterId: 'DEMOMTR0101',
    devices: [{ sn: 'DEMOINV0101', snType: 1, modelCode: 'INV-8K', ratedPower: 8 }, { sn: 'DEMOMTR0101', snType: 2 }] },
  { ...sunrise, plantUid: 'demo-plant-02', plantName: 'Olivia\'s home battery', type: 1, owner: 'owner', installer: 'installer',
    countryCode: 'CN', timeZone: 'Asia/Shanghai', address: '9 Keyuan Road, Shenzhen', latitude: 22.5431, longitude: 114.0579,
    systemPower: 10, gridPrice: 0.6, currencyName: 'RMB', ifInstallPv: 1,
    devices: [{ sn: 'DEMOEMS0201', snType: 3, isInstallEms: 1 }, { sn: 'DEMOINV0202', snType: 1, ratedPower: 10 }] },
  { ...sunrise, plantUid: 'demo-plant-03', plantName: 'Sunrise warehouse storage', type: 3, installer: 'installer',
    countryCode: 'DE', timeZone: 'Europe/Berlin', address: 'Am Speicher 4, Berlin', latitude: 52.52, longitude: 13.405,
    systemPower: 250, gridPrice: 0.3, currencyName: 'EUR', ifInstallPv: 0,
    devices: [{ sn: 'DEMOC6E0301', snType: 3, isEmsAddC6: 1, isInstallEms: 1 }] },
  { ...sunrise, plantUid: 'demo-plant-04', plantName: 'Sunrise carport with charger', type: 1, installer: 'installer',
    countryCode: 'NL', timeZone: 'Europe/Amsterdam', address: 'Zonnelaan 12, Amsterdam', latitude: 52.3676, longitude: 4.9041,
    systemPower: 30, gridPrice: 0.28, currencyName: 'EUR', ifInstallPv: 1,
    devices: [{ sn: 'DEMOEMG0401', snType: 7, isEManager: 1 }, { sn: 'DEMOINV0402', snType: 1, ratedPower: 30 }, { sn: 'DEMOCHG0401', snType: 6 }] },
  { ...sunrise, plantUid: 'demo-plant-05', plantName: 'Stellenbosch farm', type: 0, installer: 'installer',
    countryCode: 'ZA', timeZone: 'Africa/Johannesburg', address: 'Farm 7, Stellenbosch', latitude: -33.9321, longitude: 18.8602,
    systemPower: 60, gridPrice: 2.5, currencyName: 'ZAR',
    devices: [{ sn: 'DEMOCMP0501', snType: 1, ifCmpDevice: 1, ratedPower: 60 }] },
  { ...sunrise, plantUid: 'demo-plant-06', plantName: 'São Paulo school', type: 0, installer: 'installer',
    countryCode: 'BR', timeZone: 'America/Sao_Paulo', address: 'Rua das Flores 100, São Paulo', latitude: -23.5505, longitude: -46.6333,
    systemPower: 45, gridPrice: 0.9, currencyName: 'BRL',
    devices: [{ sn: 'DEMOINV0601', snType: 1, ratedPower: 45 }] },
  { ...sunrise, plantUid: 'demo-plant-07', plantName: 'Sunrise office Denver', type: 0, installer: 'installer',
    countryCode: 'US', timeZone: 'America/Denver', address: '1400 Market St, Denver', latitude: 39.7392, longitude: -104.9903,
    systemPower: 20, gridPrice: 0.14, currencyName: 'USD', isInstallMeter: '1', meterId: 'DEMOMTR0701',
    devices: [{ sn: 'DEMOINV0701', snType: 1, ratedPower: 20 }, { sn: 'DEMOMTR0701', snType: 2 }] },
  // The service centre's own plants, commissioned by its support engineer: its staff see the
  // office's plants only (not the installers' office beside it). The test bench's inverter
  // carries a module, so that a plant shows a device with a child.
  { ...serviceCentre, plantUid: 'demo-plant-13', plantName: 'Service centre test bench', type: 0, installer: 'support',
    countryCode: 'CN', timeZone: 'Asia/Shanghai', address: '88 Huangpu Avenue, Guangzhou', latitude: 23.1291, longitude: 113.2644,
    systemPower: 15, gridPrice: 0.5, currencyName: 'RMB',
    devices: [{ sn: 'DEMOINV1301', snType: 1, modelCode: 'INV-15K', ratedPower: 15, alias: 'Bench inverter' }, { sn: 'DEMOMOD1301', snType: 4, parentSn: 'DEMOINV1301' }] },
  { ...serviceCentre, plantUid: 'demo-plant-14', plantName: 'Osaka spare-parts depot', type: 1, installer: 'support',
    countryCode: 'JP', timeZone: 'Asia/Tokyo', address: '2-1 Nakanoshima, Kita-ku, Osaka', latitude: 34.6937, longitude: 135.5023,
    systemPower: 25, gridPrice: 30, currencyName: 'JPY', ifInstallPv: 1,
    devices: [{ sn: 'DEMOEMS1401', snType: 3, isInstallEms: 1 }, { sn: 'DEMOINV1402', snType: 1, ratedPower: 25 }] },
  // Tree 2: Australia and New Zealand. The Adelaide inverter's firmware is below SA Power
  // Networks' minimum, so its AU server connection shows the upgrade dialogs; the Brisbane energy
  // manager is offline, so an upgrade of it fails and can be retried.
  { ...blueCoast, plantUid: 'demo-plant-08', plantName: 'Oscar\'s Adelaide home', type: 1, owner: 'owner2', installer: 'installer2',
    countryCode: 'AU', timeZone: 'Australia/Adelaide', address: '12 King William St, Adelaide SA 5000', latitude: -34.9285, longitude: 138.6007,
    provinceCode: 'SA', province: 'South Australia', city: 'Adelaide', zipCode: '5000', systemPower: 6.6, gridPrice: 0.28, currencyName: 'AUD', ifInstallPv: 1,
    isInstallMeter: '1', meterId: 'DEMOMTR0801',
    devices: [{ sn: 'DEMOINV0801', snType: 1, ratedPower: 6.6, firmwareVersion: '3.0.0', status: 1 }, { sn: 'DEMOEMG0801', snType: 7, firmwareVersion: '3.2.0', status: 1 }, { sn: 'DEMOMTR0801', snType: 2 }] },
  { ...blueCoast, plantUid: 'demo-plant-09', plantName: 'Oscar\'s beach house', type: 0, owner: 'owner2', installer: 'installer2',
    countryCode: 'AU', timeZone: 'Australia/Sydney', address: '3 Campbell Pde, Bondi Beach NSW 2026', latitude: -33.8908, longitude: 151.2743,
    provinceCode: 'NSW', province: 'New South Wales', city: 'Bondi Beach', zipCode: '2026', systemPower: 5, gridPrice: 0.32, currencyName: 'AUD', isInstallMeter: '1', meterId: 'DEMOMTR0901',
    devices: [{ sn: 'DEMOINV0901', snType: 1, ratedPower: 5, firmwareVersion: '3.2.0', status: 1 }, { sn: 'DEMOMTR0901', snType: 2 }] },
  { ...blueCoast, plantUid: 'demo-plant-10', plantName: 'Blue Coast depot storage', type: 3, installer: 'installer2',
    countryCode: 'AU', timeZone: 'Australia/Brisbane', address: '40 Depot Rd, Brisbane QLD 4000', latitude: -27.4698, longitude: 153.0251,
    provinceCode: 'QLD', province: 'Queensland', city: 'Brisbane', zipCode: '4000', systemPower: 100, gridPrice: 0.25, currencyName: 'AUD', ifInstallPv: 0,
    devices: [{ sn: 'DEMOC6E1001', snType: 3, isEmsAddC6: 1, firmwareVersion: '2.8.1', status: 3 }] },
  { ...blueCoast, plantUid: 'demo-plant-11', plantName: 'Perth EV garage', type: 1, owner: 'owner2', installer: 'installer2',
    countryCode: 'AU', timeZone: 'Australia/Perth', address: '8 Hay St, Perth WA 6000', latitude: -31.9523, longitude: 115.8613,
    provinceCode: 'WA', province: 'Western Australia', city: 'Perth', zipCode: '6000', systemPower: 9, gridPrice: 0.3, currencyName: 'AUD', ifInstallPv: 1,
    devices: [{ sn: 'DEMOEMG1101', snType: 7, status: 1 }, { sn: 'DEMOINV1102', snType: 1, ratedPower: 9, status: 1 }, { sn: 'DEMOCHG1101', snType: 6 }] },
  { ...blueCoast, plantUid: 'demo-plant-12', plantName: 'Auckland bach', type: 0, installer: 'installer2',
    countryCode: 'NZ', timeZone: 'Pacific/Auckland', address: '22 Beach Rd, Auckland 1010', latitude: -36.8485, longitude: 174.7633,
    systemPower: 4, gridPrice: 0.3, currencyName: 'NZD',
    devices: [{ sn: 'DEMOINV1201', snType: 1, ratedPower: 4 }] },
];

/** Free serials (bound to no plant) to try the wizard and the import with; README lists them. */
export const demoFreeDevices: DeviceSeed[] = [
  { sn: 'DEMOFREEINV01', snType: 1, modelCode: 'INV-5K', ratedPower: 5 },
  { sn: 'DEMOFREEINV02', snType: 1, ratedPower: 8 },
  // An inverter with its two module slots filled (hasChild, childSnList on scanning it).
  { sn: 'DEMOFREEINV03', snType: 1, ratedPower: 10 },
  { sn: 'DEMOFREEMOD41', snType: 4, parentSn: 'DEMOFREEINV03' },
  { sn: 'DEMOFREEMOD51', snType: 5, parentSn: 'DEMOFREEINV03' },
  { sn: 'DEMOFREECMP01', snType: 1, ifCmpDevice: 1, ratedPower: 12 },
  { sn: 'DEMOFREEMTR01', snType: 2 },
  { sn: 'DEMOFREEEMS01', snType: 3, isInstallEms: 1 },
  { sn: 'DEMOFREEC6E01', snType: 3, isEmsAddC6: 1 },
  { sn: 'DEMOFREEMOD42', snType: 4 },
  { sn: 'DEMOFREEMOD52', snType: 5 },
  { sn: 'DEMOFREECHG01', snType: 6 },
  { sn: 'DEMOFREEEMG01', snType: 7, isEManager: 1 },
  { sn: 'DEMOFREEINV21', snType: 1, ratedPower: 6.6, officeId: '21' },
  { sn: 'DEMOFREEMTR21', snType: 2, officeId: '21' },
];

/** The one demo share: Oscar (tree 2) looks at Olivia's rooftop with the default permissions. */
const demoShare = { plantUid: 'demo-plant-01', visitor: 'owner2', permissions: ['viewPlant', 'viewReports', 'viewAlarms'] };

/** Plant configurations of the demo's countries: the built-in tariffs, the largest system power and, where the country has one, its time zone. */
const DEMO_CONFIG_ZONES: Record<string, string | null> = {
  CN: 'Asia/Shanghai', DE: 'Europe/Berlin', NL: 'Europe/Amsterdam', ZA: 'Africa/Johannesburg', BR: 'America/Sao_Paulo', US: null, AU: null, NZ: 'Pacific/Auckland',
};
export const demoPlantConfigs = Object.entries(DEMO_CONFIG_ZONES).map(([countryCode, timeZone]) => ({
  countryCode, timeZone, currencyName: DEFAULT_PRICES[countryCode]!.currency, defaultGridPrice: DEFAULT_PRICES[countryCode]!.price,
  maxSystemPower: MAX_SYSTEM_POWER_KWP, updateBy: 'admin',
}));

/** The service office that imported a tree's devices. */
const importingOffice = (officeId: string) => (officeId === '21' ? '21' : '12');

export async function seedDemoPlants(db: Db): Promise<void> {
  const logins = [...new Set(demoPlants.flatMap((p) => [p.installer, ...(p.owner ? [p.owner] : [])]).concat(demoShare.visitor))];
  const ids = new Map((await db.select({ id: users.id, loginName: users.loginName }).from(users).where(inArray(users.loginName, logins)))
    .map((u) => [u.loginName, u.id]));
  await db.transaction(async (tx) => {
    const plantRows = demoPlants.map(({ owner, installer, devices: _d, ...plant }) => ({
      ...plant, ownerUserId: owner ? ids.get(owner)! : null, installerUserId: ids.get(installer)!, createdBy: ids.get(installer)!,
      createdAt: new Date('2025-06-01T00:00:00Z'),
    }));
    const inserted = await tx.insert(plants).values(plantRows).onConflictDoNothing().returning({ plantUid: plants.plantUid });
    // Devices are bound only with a plant made now: a demo plant changed or deleted keeps its state.
    const fresh = new Set(inserted.map((p) => p.plantUid));
    const bound = demoPlants.filter((p) => fresh.has(p.plantUid))
      .flatMap((p) => p.devices.map((d) => ({ ...d, plantUid: p.plantUid, officeId: importingOffice(p.officeId) })));
    const free = demoFreeDevices.map((d) => ({ ...d, officeId: d.officeId ?? '12' }));
    // Parents before their children: the parent serial is a foreign key.
    const all = [...bound, ...free];
    await tx.insert(devices).values(all.filter((d) => !d.parentSn)).onConflictDoNothing();
    await tx.insert(devices).values(all.filter((d) => d.parentSn)).onConflictDoNothing();
    // One per country: a configuration an administrator changed stays so (there is no deleting one).
    await tx.insert(plantConfigs).values(demoPlantConfigs).onConflictDoNothing();
    if (fresh.has(demoShare.plantUid)) {
      await tx.insert(plantShares).values({ plantUid: demoShare.plantUid, visitorUserId: ids.get(demoShare.visitor)!, permissions: demoShare.permissions, createdBy: ids.get('owner')! })
        .onConflictDoNothing();
    }
  });
}
