// How a plant row reads back: the plant with its owner, installer and offices, and the caller's
// own marks (favourite, pinned). Lists and single reads share it.
import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { offices, plantFavorites, plantTopRecords, plants, users } from '../db/schema/index.ts';
import { ONLINE_WINDOW_MINUTES } from '../../src/lib/live-flow.ts';

const owner = alias(users, 'plant_owner');
const installer = alias(users, 'plant_installer');
const installerOffice = alias(offices, 'installer_office');
const plantOffice = alias(offices, 'plant_office');
const qb = new QueryBuilder();

export const isFavorite = (userId: string): SQL<boolean> =>
  exists(qb.select({ one: sql`1` }).from(plantFavorites).where(and(eq(plantFavorites.plantUid, plants.plantUid), eq(plantFavorites.userId, userId)))) as SQL<boolean>;
/** When the caller pinned the plant; null when they did not. */
export const pinnedAt = (userId: string) =>
  sql<string | null>`(select ${plantTopRecords.createdAt} from ${plantTopRecords} where ${plantTopRecords.plantUid} = ${plants.plantUid} and ${plantTopRecords.userId} = ${userId})`;

// The readings as they hold now, from what the last ingest stored (migration 0019): a plant whose
// newest data is older than the online window is offline at 0 kW, and its day's energy counts
// only while that local day lasts. The lists sort and filter on these same expressions.
const fresh = sql`${plants.lastDataTime} >= now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES})`;
const localDay = (instant: SQL) => sql`date_trunc('day', ${instant} at time zone coalesce(${plants.timeZone}, 'UTC'))`;
export const statusNow = sql<number>`(case when ${plants.lastDataTime} is null then 0 when not (${fresh}) then 3
  when ${plants.untreatedAlarmNum} > 0 then 2 else ${plants.status} end)`;
export const currentPowerNow = sql<number>`(case when ${fresh} then ${plants.currentPower} else 0 end)`;
export const todayEnergyNow = sql<number>`(case when ${localDay(sql`${plants.lastDataTime}`)} = ${localDay(sql`now()`)} then ${plants.todayEnergy} else 0 end)`;

export function plantColumns(userId: string) {
  return {
    plant: plants,
    statusNow, currentPowerNow, todayEnergyNow,
    ownerName: owner.nickname, ownerEmail: owner.email, ownerPhone: owner.phone,
    installerEmail: installer.email, installerOfficeName: installerOffice.name, officeName: plantOffice.name,
    isFavorite: isFavorite(userId), pinnedAt: pinnedAt(userId),
  };
}

/** Joins the owner, installer and offices onto a select from plants. */
export function withPlantJoins<T extends { leftJoin: (...a: never[]) => unknown }>(query: T): T {
  const q = query as unknown as {
    leftJoin(t: unknown, on: SQL): typeof q;
  };
  return q.leftJoin(owner, eq(owner.id, plants.ownerUserId))
    .leftJoin(installer, eq(installer.id, plants.installerUserId))
    .leftJoin(installerOffice, eq(installerOffice.id, installer.officeId))
    .leftJoin(plantOffice, eq(plantOffice.id, plants.officeId)) as unknown as T;
}

export interface PlantRow {
  plant: typeof plants.$inferSelect;
  statusNow: number;
  currentPowerNow: number;
  todayEnergyNow: number;
  ownerName: string | null;
  ownerEmail: string | null;
  ownerPhone: string | null;
  installerEmail: string | null;
  installerOfficeName: string | null;
  officeName: string | null;
  isFavorite: boolean;
  pinnedAt: string | null;
}

const opt = <K extends string, V>(key: K, value: V | null | undefined) => (value === null || value === undefined || value === '' ? {} : { [key]: value } as { [P in K]: V });
type Flag = 0 | 1;
const flag = (v: string | number | null): Flag => (String(v) === '1' ? 1 : 0);

/** The plant as the contract's plant object reads it. */
export function toPlantDto(row: PlantRow) {
  const p = row.plant;
  return {
    plantUid: p.plantUid,
    plantName: p.plantName,
    type: p.type as 0 | 1 | 2 | 3,
    ...opt('countryCode', p.countryCode),
    timeZone: p.timeZone ?? 'UTC',
    address: p.address || '-',
    ...opt('longitude', p.longitude), ...opt('latitude', p.latitude),
    ...opt('provinceCode', p.provinceCode), ...opt('cityCode', p.cityCode), ...opt('countyCode', p.countyCode),
    ...opt('province', p.province), ...opt('city', p.city), ...opt('county', p.county),
    systemPower: p.systemPower ?? 0.001,
    gridPrice: p.gridPrice ?? 0.001,
    ...opt('currencyName', p.currencyName),
    isInstallMeter: flag(p.isInstallMeter), isParallel: flag(p.isParallel),
    ...opt('moduleNum', p.moduleNum), ...opt('pvPanelAngle', p.pvPanelAngle), ...opt('pvPanelAzimuth', p.pvPanelAzimuth),
    ...opt('zipCode', p.zipCode), ...opt('streetType', p.streetType), ...opt('street', p.street), ...opt('meterId', p.meterId),
    ...opt('gridNetType', p.gridNetType as 1 | 2 | 3 | null), ...opt('payMode', p.payMode as 1 | 2 | 3 | 4 | null),
    ...opt('useType', p.useType as 0 | 1 | 2 | 3 | null), ...opt('ifInstallPv', p.ifInstallPv as Flag | null),
    ...opt('auAreaCode', p.auAreaCode), ...opt('auAreaCodeName', p.auAreaCodeName), ...opt('lfdi', p.lfdi),
    ...opt('projectPic', p.projectPic), ...opt('plantLogo', p.plantLogo), ...opt('moduleSn', p.moduleSn),
    ...opt('pointInviteCode', p.pointInviteCode),
    ...opt('installerOfficeName', row.installerOfficeName), ...opt('installerOperatorEmail', row.installerEmail),
    officeId: p.officeId, ...opt('officeName', row.officeName),
    ...opt('endUserId', p.ownerUserId), ...opt('ownerName', row.ownerName), ...opt('ownerEmail', row.ownerEmail), ...opt('ownerPhone', row.ownerPhone),
    isAuAreaLocked: flag(p.auAreaLocked),
    status: row.statusNow as 0 | 1 | 2 | 3,
    currentPower: Math.round(row.currentPowerNow * 1000) / 1000, todayEnergy: Math.round(row.todayEnergyNow * 1000) / 1000,
    totalEnergy: Math.round(p.totalEnergy * 1000) / 1000, untreatedAlarmNum: p.untreatedAlarmNum,
    isFavorite: row.isFavorite ? 1 as const : 0 as const,
    isTop: row.pinnedAt ? 1 as const : 0 as const,
    ...(p.lastDataTime ? { lastDataTime: p.lastDataTime.toISOString() } : {}),
    createTime: p.createdAt.toISOString(),
    updateTime: p.updatedAt.toISOString(),
  };
}
export type PlantDto = ReturnType<typeof toPlantDto>;
