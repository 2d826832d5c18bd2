// Adding, editing and deleting plants. Every write runs in one transaction; the form and scan
// rules are checked again here, so a client that skips the wizard stores nothing it would refuse.
import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Config, Site } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { deviceBindings, devices, plants } from '../db/schema/index.ts';
import { plantFormProblem, siteCurrency, systemPowerLimit, type PlantFormValues } from '../domain/plants/plant-rules.ts';
import { splitSerials } from '../domain/plants/scan-rules.ts';
import { fieldError } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { childDeletable, savedPlantType } from '../../src/lib/plant-rules.ts';
import { installerByInviteCode } from './accounts.ts';
import { AVATAR_FILE, avatarDir, avatarUrl } from './avatars.ts';
import { countryConfig } from './plant-configs.ts';
import { checkScanList } from './scan.ts';
import { assertPlantManaged, assertPlantVisible, assertUserInScope } from './scope.ts';
import { devicesBySn } from './devices.ts';
import { awardPointsSafely } from '../services/point-awards.ts';
import { newPlantAwards } from '../services/plant-point-events.ts';

/** The office whose end users need an installer's invite code (the platform's public office). */
export const PUBLIC_OFFICE_ID = '1';

/** What the plant writes need of the configuration: the site's rules and where uploads live. */
export type PlantConfig = Pick<Config, 'site' | 'dataDir' | 'inMemoryDb' | 'apiPrefix'>;

export interface PlantForm extends PlantFormValues {
  plantName: string;
  countryCode?: string | undefined;
  timeZone: string;
  address: string;
  province?: string | undefined;
  city?: string | undefined;
  county?: string | undefined;
  isParallel?: number | undefined;
  moduleNum?: number | undefined;
  pvPanelAngle?: number | undefined;
  pvPanelAzimuth?: number | undefined;
  gridNetType?: number | undefined;
  payMode?: number | undefined;
  useType?: number | undefined;
  auAreaCode?: string | undefined;
  auAreaCodeName?: string | undefined;
  projectPic?: string | undefined;
  plantLogo?: string | undefined;
  moduleSn?: string | undefined;
  pointInviteCode?: string | undefined;
}

export interface AddPlantBody extends PlantForm {
  deviceSnArr: string;
  aliasesArr?: string | undefined;
  powerArr?: string | undefined;
  chargeSn?: string | undefined;
  emsModuleSn?: string | undefined;
  NAmoduleSn?: string | undefined;
  validateModuleSn?: string | undefined;
  newModuleSn?: string | undefined;
  snType: number;
  isEmsAddC6?: number | undefined;
  ifAgent?: number | undefined;
  endUserId?: string | undefined;
}

function checkForm(site: Site, form: PlantForm, powerLimit: number) {
  const problem = plantFormProblem(site, form, powerLimit);
  if (problem) throw fieldError(problem.field, problem.rule, problem.params);
}

const text = (v: string | undefined) => (v === undefined ? null : v.trim() || null);
const formColumns = (form: PlantForm, site: Site) => ({
  plantName: form.plantName.trim(), countryCode: text(form.countryCode), timeZone: form.timeZone, address: form.address.trim(),
  longitude: form.longitude ?? null, latitude: form.latitude ?? null,
  provinceCode: text(form.provinceCode), cityCode: text(form.cityCode), countyCode: text(form.countyCode),
  province: text(form.province), city: text(form.city), county: text(form.county),
  systemPower: form.systemPower, gridPrice: form.gridPrice, currencyName: form.currencyName ?? siteCurrency(site),
  isInstallMeter: form.isInstallMeter === 1 ? '1' : '0', isParallel: form.isParallel === 1 ? '1' : '0',
  moduleNum: form.moduleNum ?? null, pvPanelAngle: form.pvPanelAngle ?? null, pvPanelAzimuth: form.pvPanelAzimuth ?? null,
  zipCode: text(form.zipCode), streetType: text(form.streetType), street: text(form.street), meterId: text(form.meterId),
  gridNetType: form.gridNetType ?? null, payMode: form.payMode ?? null, useType: form.useType ?? null, ifInstallPv: form.ifInstallPv ?? null,
  projectPic: text(form.projectPic), plantLogo: text(form.plantLogo), moduleSn: text(form.moduleSn),
});

/**
 * The pictures a plant form names are files modifyProjectPic stored (beside the avatars, under
 * a random name that is their key): a client cannot make the plant point at anything else. A
 * value the plant already has passes unchanged, so that an edit never trips over a stored value.
 */
async function checkPictures(config: PlantConfig, form: Pick<PlantForm, 'plantLogo' | 'projectPic'>, current?: { plantLogo: string | null; projectPic: string | null }) {
  for (const field of ['plantLogo', 'projectPic'] as const) {
    const key = text(form[field]);
    if (key === null || key === current?.[field]) continue;
    const stored = AVATAR_FILE.test(key) && await access(path.join(avatarDir(config), key)).then(() => true, () => false);
    if (!stored) throw fieldError(field, 'invalid');
  }
}

/** The key of a picture saveAvatar stored: the file name of the URL it answers. */
export const pictureKey = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Where a stored picture is served; nothing for a value that is no stored picture. */
export const pictureUrl = (config: PlantConfig, key: string | undefined) => (key && AVATAR_FILE.test(key) ? avatarUrl(config, key) : undefined);

/**
 * The plant's first device, which decides its system-power maximum: the first one bound by the
 * wizard (the binding history keeps the scan order), else the first registered.
 */
export async function firstDevice(db: Db | Tx, plantUid: string) {
  const [first] = await db.select({ snType: devices.snType, isEmsAddC6: devices.isEmsAddC6 }).from(devices)
    .leftJoin(deviceBindings, and(eq(deviceBindings.deviceSn, devices.sn), eq(deviceBindings.plantUid, plantUid), isNull(deviceBindings.unboundAt)))
    .where(and(eq(devices.plantUid, plantUid), isNull(devices.parentSn)))
    .orderBy(sql`${deviceBindings.id} asc nulls last`, asc(devices.id)).limit(1);
  return first;
}

/**
 * Plant names are unique within an organisation (the plant's office), compared trimmed and without
 * regard to case: 10003 naming plantName otherwise. The office's plants are locked first, so that
 * two saves of one name cannot both pass.
 */
async function assertNameFree(tx: Tx, officeId: string, plantName: string, except?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plant-names:${officeId}`}))`);
  const [taken] = await tx.select({ plantUid: plants.plantUid }).from(plants)
    .where(and(eq(plants.officeId, officeId), sql`lower(btrim(${plants.plantName})) = lower(${plantName.trim()})`, except ? ne(plants.plantUid, except) : undefined))
    .limit(1);
  if (taken) throw fieldError('plantName', 'unique', { value: plantName.trim() });
}

const numbersOf = (list: string | undefined) => (list ?? '').split(',').map((v) => (v.trim() === '' ? undefined : Number(v)));

/** The installer of an invite code; 10003 naming pointInviteCode when there is none. */
async function installerOf(tx: Tx, code: string) {
  const installer = await installerByInviteCode(tx as unknown as Db, code);
  if (!installer) throw fieldError('pointInviteCode', 'exists');
  return installer;
}

export async function addPlant(db: Db, config: PlantConfig, auth: AuthContext, body: AddPlantBody): Promise<string> {
  const { site } = config;
  return db.transaction(async (tx) => {
    // Whose plant: the caller's, or in agent mode the end user's (in the caller's organisations).
    let ownerId: string | null = auth.userType === 0 ? auth.userId : null;
    let ownerOffice = auth.officeId;
    if (body.ifAgent === 1) {
      if (!body.endUserId) throw fieldError('endUserId', 'required');
      const endUser = await assertUserInScope(tx as unknown as Db, auth, body.endUserId);
      if (endUser.userType !== 0) throw fieldError('endUserId', 'notEndUser');
      ownerId = endUser.id;
      ownerOffice = endUser.officeId;
    }
    const ownerIsPublicEndUser = ownerOffice === PUBLIC_OFFICE_ID && (body.ifAgent === 1 || auth.userType === 0);
    if (ownerIsPublicEndUser && !body.pointInviteCode) throw fieldError('pointInviteCode', 'required');
    const installer = body.pointInviteCode ? await installerOf(tx, body.pointInviteCode) : undefined;

    // The scan checks again: the devices with their powers and aliases, then the chargers that
    // deviceSnArr did not list. A charger's rated power travels in powerArr, so one listed only in
    // chargeSn has none and is refused like any device without its rated power.
    const serials = splitSerials(body.deviceSnArr);
    const powers = numbersOf(body.powerArr);
    const aliases = (body.aliasesArr ?? '').split(',');
    const chargers = splitSerials(body.chargeSn).filter((sn) => !serials.some((s) => s.toLowerCase() === sn.toLowerCase()));
    const scan = await checkScanList(tx, auth, [
      ...serials.map((sn, i) => ({ sn, ratedPower: powers[i], alias: aliases[i], checkPower: true })),
      ...chargers.map((sn) => ({ sn, checkPower: true })),
    ], 'deviceSnArr');
    const listed = new Set([...serials, ...chargers].map((s) => s.toLowerCase()));
    const modules = splitSerials([body.emsModuleSn, body.NAmoduleSn, body.validateModuleSn, body.newModuleSn, body.moduleSn].filter(Boolean).join(','))
      .filter((sn) => !listed.has(sn.toLowerCase()));
    const moduleRows = await devicesBySn(tx, modules, auth);
    for (const sn of modules) {
      const row = moduleRows.get(sn.toLowerCase());
      if (!row) throw fieldError('moduleSn', 'snNotExist', { sn });
      if (row.plantUid) throw fieldError('moduleSn', 'snBound', { sn });
    }

    // Child modules go with their parent, except where the scan step lets the user remove them
    // (childDeletable): those are bound only when the module serials above name them.
    const fixedParents = scan.devices.filter((d) => !childDeletable({ snType: d.snType, ifCMPDevice: d.ifCmpDevice }));
    const taken = new Set([...listed, ...modules.map((sn) => sn.toLowerCase())]);
    const children = fixedParents.length
      ? (await tx.select({ sn: devices.sn }).from(devices).where(and(inArray(devices.parentSn, fixedParents.map((d) => d.sn)), isNull(devices.plantUid))))
        .map((c) => c.sn).filter((sn) => !taken.has(sn.toLowerCase()))
      : [];

    const first = scan.devices[0]!;
    const country = await countryConfig(tx, body.countryCode);
    checkForm(site, body, systemPowerLimit(site, first.snType, first.isEmsAddC6, country?.maxSystemPower));
    await checkPictures(config, body);
    const officeId = installer?.officeId ?? auth.officeId;
    await assertNameFree(tx, officeId, body.plantName);
    const plantUid = randomUUID();
    await tx.insert(plants).values({
      plantUid, ...formColumns(body, site),
      type: savedPlantType(body.type ?? scan.plantType),
      officeId,
      ownerUserId: ownerId, installerUserId: installer?.id ?? (auth.userType === 0 ? null : auth.userId), createdBy: auth.userId,
      auAreaCode: text(body.auAreaCode), auAreaCodeName: text(body.auAreaCodeName),
      pointInviteCode: installer ? body.pointInviteCode!.trim() : null,
    });

    const all = [...scan.devices.map((d) => d.sn), ...modules.map((sn) => moduleRows.get(sn.toLowerCase())!.sn), ...children];
    const bound = await tx.update(devices).set({ plantUid, updatedAt: new Date() })
      .where(and(inArray(devices.sn, all), isNull(devices.plantUid))).returning({ sn: devices.sn });
    // Another plant took a device between the check and the update.
    if (bound.length !== all.length) throw fieldError('deviceSnArr', 'snBound', { sn: all.find((sn) => !bound.some((b) => b.sn === sn)) ?? '' });
    for (const [i, device] of scan.devices.slice(0, serials.length).entries()) {
      const alias = aliases[i]?.trim();
      if (powers[i] !== undefined || alias) {
        await tx.update(devices).set({ ...(powers[i] !== undefined ? { ratedPower: powers[i] } : {}), ...(alias ? { alias } : {}) }).where(eq(devices.sn, device.sn));
      }
    }
    await tx.insert(deviceBindings).values(all.map((sn) => ({ deviceSn: sn, plantUid, plantName: body.plantName.trim() })));
    await awardPointsSafely(tx, newPlantAwards({
      plantUid, ownerId, installerId: installer?.id ?? (auth.userType === 0 ? null : auth.userId), invitedBy: installer?.id ?? null,
      deviceSns: all, systemPower: body.systemPower,
    }));
    return plantUid;
  });
}

export async function editPlant(db: Db, config: PlantConfig, auth: AuthContext, plantUid: string, form: PlantForm) {
  const { site } = config;
  await db.transaction(async (tx) => {
    // Besides the plant's managers, only visitors whose share grants editPlant get here (plant-access.ts).
    const plant = await assertPlantVisible(tx as unknown as Db, auth, plantUid);
    const first = await firstDevice(tx, plantUid);
    const country = await countryConfig(tx, form.countryCode ?? plant.countryCode);
    // The type does not change here, but the rules that depend on it still apply.
    checkForm(site, { ...form, type: plant.type }, systemPowerLimit(site, first?.snType ?? 1, first?.isEmsAddC6 ?? 0, country?.maxSystemPower));
    await checkPictures(config, form, plant);
    let installer: { id: string; officeId: string } | undefined;
    const code = form.pointInviteCode?.trim();
    if (code && plant.pointInviteCode && code.toUpperCase() !== plant.pointInviteCode.toUpperCase()) throw fieldError('pointInviteCode', 'invalid');
    if (code && !plant.pointInviteCode) {
      // Linking an installer moves the plant into the installer's office: the managers' decision.
      await assertPlantManaged(tx as unknown as Db, auth, plantUid);
      installer = await installerOf(tx, code);
    }
    // A plant keeps its own name (a duplicate from before names were unique included) while it stays in its office.
    const renamed = form.plantName.trim().toLowerCase() !== plant.plantName.trim().toLowerCase();
    if (renamed || installer) await assertNameFree(tx, installer?.officeId ?? plant.officeId, form.plantName, plantUid);
    const columns = formColumns(form, site);
    await tx.update(plants).set({
      ...columns,
      ...(installer ? { pointInviteCode: code!, installerUserId: installer.id, officeId: installer.officeId } : {}),
      updatedAt: new Date(),
    }).where(eq(plants.plantUid, plantUid));
    await tx.update(deviceBindings).set({ plantName: form.plantName.trim() }).where(and(eq(deviceBindings.plantUid, plantUid), isNull(deviceBindings.unboundAt)));
  });
}

/** Deletes a plant; its devices return to the inventory and their binding history is kept. */
export async function deletePlant(db: Db, auth: AuthContext, plantUid: string) {
  await db.transaction(async (tx) => {
    await assertPlantManaged(tx as unknown as Db, auth, plantUid);
    await tx.update(deviceBindings).set({ unboundAt: new Date() }).where(and(eq(deviceBindings.plantUid, plantUid), isNull(deviceBindings.unboundAt)));
    await tx.update(devices).set({ plantUid: null, updatedAt: new Date() }).where(eq(devices.plantUid, plantUid));
    await tx.delete(plants).where(eq(plants.plantUid, plantUid));
  });
}


/** Replaces a plant's logo at once (modifyProjectPic with plantUid) by a stored picture's key. */
export async function setPlantLogo(db: Db, plantUid: string, key: string) {
  await db.update(plants).set({ plantLogo: key, updatedAt: new Date() }).where(eq(plants.plantUid, plantUid));
}
