// Reading plants: one plant, and the lists (all visible plants, the switcher's, end users',
// shared with the caller). Every read is limited by plantScope; pinned plants come first.
import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { plantFavorites, plantShares, plantTopRecords, plants, users } from '../db/schema/index.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { listKey, pageWindow, readPage, type CountColumn, type Page, type PageRequest } from './paging.ts';
import { currentPowerNow, plantColumns, statusNow, todayEnergyNow, toPlantDto, withPlantJoins, type PlantDto, type PlantRow } from './plant-rows.ts';
import { assertPlantVisible, assertUserInScope, escapeLike, plantManagedScope, plantScope, resolveScope } from './scope.ts';

export async function onePlant(db: Db, auth: AuthContext, plantUid: string): Promise<PlantDto> {
  await assertPlantVisible(db, auth, plantUid);
  const [row] = await withPlantJoins(db.select(plantColumns(auth.userId)).from(plants).$dynamic()).where(eq(plants.plantUid, plantUid));
  return toPlantDto(row as PlantRow);
}

const SORT = {
  createTime: plants.createdAt, plantName: plants.plantName, systemPower: plants.systemPower,
  currentPower: currentPowerNow, todayEnergy: todayEnergyNow, totalEnergy: plants.totalEnergy,
} as const;

export interface PlantListFilter extends PageRequest {
  searchOfficeIdArr?: string | undefined;
  plantName?: string | undefined;
  status?: number | undefined;
  type?: number | undefined;
  isFavorite?: number | undefined;
  sortField?: keyof typeof SORT | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

const textMatch = (value: string | undefined, ...columns: SQL[]) => {
  const t = value?.trim();
  return t ? or(...columns.map((c) => ilike(c, `%${escapeLike(t)}%`))) : undefined;
};
const ownerName = sql<string>`(select ${users.nickname} from ${users} where ${users.id} = ${plants.ownerUserId})`;
const ownerEmail = sql<string>`(select ${users.email} from ${users} where ${users.id} = ${plants.ownerUserId})`;

/** A select of plant rows as the lists return them (plant-rows.ts), with the caller's own marks. */
const selectRows = (db: Db, userId: string, extra: CountColumn = {}) => db.select({ ...plantColumns(userId), ...extra }).from(plants).$dynamic();

async function pagePlants(db: Db, auth: AuthContext, list: string, condition: SQL, filter: PageRequest & { sortField?: keyof typeof SORT | undefined; sortOrder?: 'asc' | 'desc' | undefined }, pinnedOrder: 'first' | 'pinOrder' = 'first'): Promise<Page<PlantDto>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const column = SORT[filter.sortField ?? 'createTime'];
  const direction = filter.sortOrder === 'asc' ? asc : desc;
  const order = [direction(column), desc(plants.plantUid)];
  const { pageNo: _p, pageSize: _s, ...criteria } = filter as Record<string, unknown>;
  const { rows, total } = await readPage(db, listKey(list, auth, criteria),
    () => db.select({ id: plants.plantUid }).from(plants).where(condition).$dynamic(),
    (extra) => pageRows(db, auth.userId, condition, order, pinnedOrder, offset, pageSize, extra));
  return { list: rows.map(toPlantDto), total, pageNo, pageSize };
}

/**
 * One page of a plant list: the caller's pinned plants first (in pinning order for the switcher),
 * then the others, each part in `order`. Sorting on "is it pinned" per row would leave no index
 * to serve the list, and would look the pin up for every row the offset skips; instead the pins
 * are read through the caller's own pin records (few, and never more than the page's end), and
 * the unpinned part is read in the order of the list's index (plants_created_idx by default),
 * skipping the pinned plants already placed. The marks and joined names are read for the page's
 * rows only. `extra` (readPage's count) rides on the pin lookup, which always runs first, and on
 * the unpinned rows only when there are no pins; it is handed back on the page's first row.
 */
async function pageRows(db: Db, userId: string, condition: SQL, order: SQL[], pinnedOrder: 'first' | 'pinOrder', offset: number, pageSize: number, extra: CountColumn = {}): Promise<(PlantRow & { total?: number })[]> {
  const end = offset + pageSize;
  const pins = await db.select({ uid: plants.plantUid, ...extra }).from(plantTopRecords)
    .innerJoin(plants, eq(plants.plantUid, plantTopRecords.plantUid))
    .where(and(eq(plantTopRecords.userId, userId), condition))
    .orderBy(...(pinnedOrder === 'pinOrder' ? [asc(plantTopRecords.createdAt)] : []), ...order)
    .limit(end);
  const pinned = pins.map((r) => r.uid);
  const pinnedOnPage = pinned.slice(offset);
  // Fewer pins than the page's end: these are all the matching pinned plants, and the page ends
  // with unpinned ones, counted from the first unpinned plant.
  const unpinned = pinned.length < end
    ? db.select({ uid: plants.plantUid }).from(plants)
      .where(and(condition, pinned.length ? notInArray(plants.plantUid, pinned) : undefined))
      .orderBy(...order).limit(pageSize - pinnedOnPage.length).offset(Math.max(0, offset - pinned.length)).as('page')
    : undefined;
  const [pinnedRows, unpinnedRows] = await Promise.all([
    pinnedOnPage.length ? withPlantJoins(selectRows(db, userId)).where(inArray(plants.plantUid, pinnedOnPage)) : [],
    unpinned ? withPlantJoins(selectRows(db, userId, pinned.length ? {} : extra).innerJoin(unpinned, eq(unpinned.uid, plants.plantUid))).orderBy(...order) : [],
  ]);
  const rank = new Map(pinnedOnPage.map((uid, i) => [uid, i]));
  const byRank = (a: PlantRow, b: PlantRow) => rank.get(a.plant.plantUid)! - rank.get(b.plant.plantUid)!;
  const rows: (PlantRow & { total?: number })[] = [...(pinnedRows as PlantRow[]).sort(byRank), ...(unpinnedRows as PlantRow[])];
  const counted = pins[0]?.total;
  if (counted !== undefined && rows.length) rows[0]!.total = counted;
  return rows;
}

export async function plantList(db: Db, auth: AuthContext, filter: PlantListFilter) {
  const scope = await resolveScope(db, auth, filter.searchOfficeIdArr);
  const condition = and(
    plantScope(scope),
    textMatch(filter.plantName, sql`${plants.plantName}`, ownerName, sql`${plants.address}`),
    filter.status !== undefined ? eq(statusNow, filter.status) : undefined,
    filter.type !== undefined ? (filter.type >= 2 ? inArray(plants.type, [2, 3]) : eq(plants.type, filter.type)) : undefined,
    filter.isFavorite === 1 ? sql`exists (select 1 from ${plantFavorites} where ${plantFavorites.plantUid} = ${plants.plantUid} and ${plantFavorites.userId} = ${auth.userId})` : undefined,
  )!;
  return pagePlants(db, auth, 'plants', condition, filter);
}

export async function topPlantList(db: Db, auth: AuthContext, filter: PageRequest & { searchOfficeIdArr?: string | undefined; plantName?: string | undefined }) {
  const scope = await resolveScope(db, auth, filter.searchOfficeIdArr);
  const condition = and(plantScope(scope), textMatch(filter.plantName, sql`${plants.plantName}`))!;
  return pagePlants(db, auth, 'plants-top', condition, { ...filter, sortField: 'plantName', sortOrder: 'asc' }, 'pinOrder');
}

/** Plants owned by end users of the caller's organisations (agent mode). */
export async function endUserPlantList(db: Db, auth: AuthContext, filter: PageRequest & { searchOfficeIdArr?: string | undefined; endUserId?: string | undefined; keyword?: string | undefined }) {
  if (filter.endUserId) await assertUserInScope(db, auth, filter.endUserId);
  const scope = await resolveScope(db, auth, filter.searchOfficeIdArr);
  const condition = and(
    plantManagedScope(scope),
    sql`exists (select 1 from ${users} u join roles r on r.id = u.role_id where u.id = ${plants.ownerUserId} and r.user_type = 0)`,
    filter.endUserId ? eq(plants.ownerUserId, filter.endUserId) : undefined,
    textMatch(filter.keyword, sql`${plants.plantName}`, ownerName, ownerEmail),
  )!;
  return pagePlants(db, auth, 'plants-end-users', condition, filter);
}

/**
 * Plants shared with the caller, most recently shared first, with the share's permissions. The
 * page's shares are found through plant_shares_visitor_idx; the plant, the caller's marks and the
 * sharer's name are read for those rows only.
 */
export async function sharedPlantList(db: Db, auth: AuthContext, filter: PageRequest & { plantName?: string | undefined }) {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const condition = and(eq(plantShares.visitorUserId, auth.userId), textMatch(filter.plantName, sql`${plants.plantName}`))!;
  const order = [desc(plantShares.createdAt), desc(plantShares.id)];
  const page = db.select({ shareId: plantShares.id }).from(plantShares).innerJoin(plants, eq(plants.plantUid, plantShares.plantUid))
    .where(condition).orderBy(...order).limit(pageSize).offset(offset).as('page');
  const columns = { ...plantColumns(auth.userId), shareId: plantShares.id, permissions: plantShares.permissions, sharerName: sql<string | null>`(select ${users.nickname} from ${users} where ${users.id} = ${plantShares.createdBy})` };
  const { rows, total } = await readPage(db, listKey('plants-shared', auth, { plantName: filter.plantName }),
    () => db.select({ id: plants.plantUid }).from(plants).innerJoin(plantShares, eq(plantShares.plantUid, plants.plantUid)).where(condition).$dynamic(),
    (extra) => withPlantJoins(db.select({ ...columns, ...extra }).from(plants).innerJoin(plantShares, eq(plantShares.plantUid, plants.plantUid))
      .innerJoin(page, eq(page.shareId, plantShares.id)).$dynamic()).orderBy(...order));
  return {
    list: rows.map((r) => ({ ...toPlantDto(r as PlantRow), shareId: r.shareId, ...(r.sharerName ? { sharerName: r.sharerName } : {}), permissions: r.permissions.join(',') || 'viewPlant' })),
    total, pageNo, pageSize,
  };
}
