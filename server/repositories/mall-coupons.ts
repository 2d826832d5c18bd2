// Coupons of the points mall: staff give a batch to users of their organisations, each of whom
// holds their own coupons; an order spends one (mall-orders.ts) and its cancellation returns it.
// "Expired" is not stored: an unused coupon whose batch's last day has passed is answered as 3,
// so that no scheduled job has to keep the lists right.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { coupons, mallOrders, offices, products, userCoupons, users } from '../db/schema/index.ts';
import { AppError, ErrCode, fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { listKey, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';
import { escapeLike, objectScope, resolveScope, userScope, type Scope } from './scope.ts';

export const COUPON_STATUS = { unused: 1, used: 2, expired: 3 } as const;

type CouponRow = typeof coupons.$inferSelect;
type UserCouponRow = typeof userCoupons.$inferSelect;

/** Today as the database sees it, the day coupons' validity is judged by everywhere. */
export async function todayInDb(db: Db | Tx): Promise<string> {
  const result = (await db.execute(sql`select current_date::text as today`)) as unknown as { rows: { today: string }[] };
  return result.rows[0]!.today;
}

/** The stored status as users see it: unused past its last day is expired. */
const effectiveStatus = sql<number>`(case when ${userCoupons.status} = 2 then 2 when ${coupons.validEndDate} < current_date then 3 else 1 end)::int`;

/** Refuses a coupon an order cannot apply, naming `userCouponId`. */
export function couponUsable(held: UserCouponRow, coupon: CouponRow, today: string, productId: number, totalPoints: number): void {
  if (held.status === COUPON_STATUS.used) throw fieldError('userCouponId', 'couponUsed');
  if (coupon.validEndDate < today) throw fieldError('userCouponId', 'couponExpired', { value: coupon.validEndDate });
  if (coupon.validStartDate > today) throw fieldError('userCouponId', 'couponNotStarted', { value: coupon.validStartDate });
  if (coupon.productId !== null && coupon.productId !== productId) throw fieldError('userCouponId', 'couponOtherProduct');
  if (totalPoints < coupon.thresholdPoints) throw fieldError('userCouponId', 'couponThreshold', { limit: coupon.thresholdPoints });
}

export interface GiveCouponInput {
  couponName: string;
  couponType: 1 | 2;
  faceValue?: number | undefined;
  discountPercent?: number | undefined;
  thresholdPoints?: number | undefined;
  productId?: number | undefined;
  validStartDate: string;
  validEndDate: string;
  quantityPerUser?: number | undefined;
  remark?: string | undefined;
  userIdArr: string;
}

/** Every recipient once, each a user the caller sees: an unknown id is 10003, another tree's 10005. */
async function recipients(tx: Tx, caller: AuthContext, userIdArr: string): Promise<string[]> {
  const ids = userIdArr.split(',').map((id) => id.trim());
  if (new Set(ids).size !== ids.length) throw fieldError('userIdArr', 'duplicate');
  const visible = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), userScope(caller)));
  if (visible.length === ids.length) return ids;
  const known = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  if (known.length !== ids.length) throw fieldError('userIdArr', 'exists');
  throw notFoundOrForbidden();
}

const couponNumber = (couponId: number, n: number) => `CP${String(couponId).padStart(6, '0')}${String(n).padStart(4, '0')}`;

export async function giveCoupon(db: Db, caller: AuthContext, input: GiveCouponInput) {
  const id = await db.transaction(async (tx) => {
    // Whom it is for first: a recipient outside the caller's organisations is 10005 whatever else is wrong.
    const holders = await recipients(tx, caller, input.userIdArr);
    if (input.couponType === 1 && input.faceValue === undefined) throw fieldError('faceValue', 'required');
    if (input.couponType === 2 && input.discountPercent === undefined) throw fieldError('discountPercent', 'required');
    if (input.validEndDate < input.validStartDate) throw fieldError('validEndDate', 'notBefore', { other: 'validStartDate' });
    if (input.validEndDate < await todayInDb(tx)) throw fieldError('validEndDate', 'notPast');
    if (input.productId !== undefined) {
      const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId));
      if (!product) throw fieldError('productId', 'exists');
    }
    const perUser = input.quantityPerUser ?? 1;
    const [coupon] = await tx.insert(coupons).values({
      couponName: input.couponName, couponType: input.couponType,
      faceValue: input.couponType === 1 ? input.faceValue! : null, discountPercent: input.couponType === 2 ? input.discountPercent! : null,
      thresholdPoints: input.thresholdPoints ?? 0, productId: input.productId ?? null, validStartDate: input.validStartDate, validEndDate: input.validEndDate,
      quantityPerUser: perUser, remark: input.remark ?? null, givenNum: holders.length * perUser, officeId: caller.officeId, createdBy: caller.userId,
    }).returning({ id: coupons.id });
    const rows = holders.flatMap((userId, i) => Array.from({ length: perUser }, (_, k) => ({ couponId: coupon!.id, userId, couponNo: couponNumber(coupon!.id, i * perUser + k + 1) })));
    await tx.insert(userCoupons).values(rows);
    return coupon!.id;
  });
  return couponBatch(db, id);
}

async function couponBatch(db: Db, id: number) {
  const [row] = await db.select({
    coupon: coupons, productName: products.productName, operatorName: users.nickname,
    usedNum: sql<number>`(select count(*)::int from user_coupons uc where uc.coupon_id = coupons.id and uc.status = 2)`,
  }).from(coupons).leftJoin(products, eq(products.id, coupons.productId)).leftJoin(users, eq(users.id, coupons.createdBy)).where(eq(coupons.id, id));
  if (!row) throw new AppError(ErrCode.fault, 'error.fault');
  const c = row.coupon;
  return {
    id: c.id, couponName: c.couponName, couponType: c.couponType as 1 | 2, faceValue: c.faceValue ?? undefined, discountPercent: c.discountPercent ?? undefined,
    thresholdPoints: c.thresholdPoints, productId: c.productId ?? undefined, productName: row.productName ?? undefined,
    validStartDate: c.validStartDate, validEndDate: c.validEndDate, quantityPerUser: c.quantityPerUser, remark: c.remark ?? undefined,
    givenNum: c.givenNum, usedNum: row.usedNum, operatorName: row.operatorName ?? undefined, createTime: c.createdAt.toISOString(),
  };
}

const userCouponColumns = {
  held: userCoupons, coupon: coupons, status: effectiveStatus, productName: products.productName,
  loginName: users.loginName, nickname: users.nickname, officeName: offices.name, orderNo: mallOrders.orderNo,
};

type UserCouponSelect = {
  held: UserCouponRow; coupon: CouponRow; status: number; productName: string | null;
  loginName: string; nickname: string; officeName: string; orderNo: string | null;
};

function userCouponDto(r: UserCouponSelect) {
  return {
    id: r.held.id, couponId: r.coupon.id, couponNo: r.held.couponNo, couponName: r.coupon.couponName, couponType: r.coupon.couponType as 1 | 2,
    faceValue: r.coupon.faceValue ?? undefined, discountPercent: r.coupon.discountPercent ?? undefined, thresholdPoints: r.coupon.thresholdPoints,
    productId: r.coupon.productId ?? undefined, productName: r.productName ?? undefined, userId: r.held.userId, loginName: r.loginName,
    nickname: r.nickname, officeName: r.officeName, status: r.status as 1 | 2 | 3, validStartDate: r.coupon.validStartDate,
    validEndDate: r.coupon.validEndDate, orderId: r.held.orderId ?? undefined, orderNo: r.orderNo ?? undefined,
    useTime: r.held.usedAt?.toISOString(), createTime: r.held.createdAt.toISOString(),
  };
}

/** User coupons with their batch, holder and order, as every list answers them. */
function joined<T extends ReturnType<Db['select']>>(select: T) {
  return select.from(userCoupons).innerJoin(coupons, eq(coupons.id, userCoupons.couponId)).innerJoin(users, eq(users.id, userCoupons.userId))
    .innerJoin(offices, eq(offices.id, users.officeId)).leftJoin(products, eq(products.id, coupons.productId))
    .leftJoin(mallOrders, eq(mallOrders.id, userCoupons.orderId));
}

export interface UserCouponFilter extends PageRequest {
  searchOfficeIdArr?: string | undefined;
  couponId?: number | undefined;
  couponName?: string | undefined;
  keyword?: string | undefined;
  couponNo?: string | undefined;
  status?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

const heldScope = (scope: Scope) => objectScope(scope, { officeId: users.officeId, ownerId: userCoupons.userId });

function filterCondition(filter: UserCouponFilter): SQL | undefined {
  const like = (value: string) => `%${escapeLike(value)}%`;
  return and(
    filter.couponId !== undefined ? eq(userCoupons.couponId, filter.couponId) : undefined,
    filter.couponName ? ilike(coupons.couponName, like(filter.couponName)) : undefined,
    filter.keyword ? or(ilike(users.loginName, like(filter.keyword)), ilike(users.nickname, like(filter.keyword))) : undefined,
    filter.couponNo ? eq(userCoupons.couponNo, filter.couponNo) : undefined,
    filter.status !== undefined ? eq(effectiveStatus, filter.status) : undefined,
    filter.startDate ? gte(userCoupons.createdAt, sql`${filter.startDate}::date`) : undefined,
    filter.endDate ? lt(userCoupons.createdAt, sql`(${filter.endDate}::date + 1)`) : undefined,
  );
}

async function pageOf(db: Db, key: string, condition: SQL | undefined, order: SQL[], request: PageRequest): Promise<Page<ReturnType<typeof userCouponDto>>> {
  const { pageNo, pageSize, offset } = pageWindow(request);
  const { rows, total } = await readPage(db, key,
    () => joined(db.select({ id: userCoupons.id })).where(condition).$dynamic(),
    (extra) => joined(db.select({ ...userCouponColumns, ...extra })).where(condition).orderBy(...order).limit(pageSize).offset(offset) as unknown as Promise<(UserCouponSelect & { total?: number })[]>);
  return { list: rows.map(userCouponDto), total, pageNo, pageSize };
}

/** The coupons held by users of the caller's organisations, newest given first. */
export async function pageUserCoupons(db: Db, caller: AuthContext, filter: UserCouponFilter) {
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  return pageOf(db, listKey('userCoupons', caller, criteria), and(heldScope(scope), filterCondition(filter)),
    [desc(userCoupons.createdAt), desc(userCoupons.id)], filter);
}

/** The caller's own coupons: unused ones first, soonest to end first; then the rest, newest first. */
export async function pagePersonalCoupons(db: Db, caller: AuthContext, filter: PageRequest & { status?: number | undefined }) {
  const condition = and(eq(userCoupons.userId, caller.userId), filter.status !== undefined ? eq(effectiveStatus, filter.status) : undefined);
  const unusedFirst = sql`(${effectiveStatus} <> 1)`;
  const soonestWhileUnused = sql`(case when ${effectiveStatus} = 1 then ${coupons.validEndDate} end)`;
  return pageOf(db, listKey('ownCoupons', caller, { status: filter.status }), condition,
    [asc(unusedFirst), asc(soonestWhileUnused), desc(userCoupons.createdAt), desc(userCoupons.id)], filter);
}

/** Counts over pageUserCoupon's filters (without status); the counts by status add up to givenNum. */
export async function userCouponStatistics(db: Db, caller: AuthContext, filter: Omit<UserCouponFilter, 'status' | 'pageNo' | 'pageSize'>) {
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const [row] = (await joined(db.select({
    given: count(),
    unused: sql<number>`count(*) filter (where ${effectiveStatus} = 1)::int`,
    used: sql<number>`count(*) filter (where ${effectiveStatus} = 2)::int`,
    expired: sql<number>`count(*) filter (where ${effectiveStatus} = 3)::int`,
    holders: sql<number>`count(distinct ${userCoupons.userId})::int`,
    deducted: sql<number>`coalesce(sum(${mallOrders.couponDeductPoints}) filter (where ${userCoupons.status} = 2), 0)::int`,
  })).where(and(heldScope(scope), filterCondition(filter)))) as unknown as { given: number; unused: number; used: number; expired: number; holders: number; deducted: number }[];
  const given = row?.given ?? 0;
  return {
    givenNum: given, unusedNum: row?.unused ?? 0, usedNum: row?.used ?? 0, expiredNum: row?.expired ?? 0, userNum: row?.holders ?? 0,
    usedRate: given ? Math.round(((row?.used ?? 0) / given) * 1000) / 10 : 0, deductedPoints: row?.deducted ?? 0,
  };
}
