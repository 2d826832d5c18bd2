// The mall's rules as the page applies them before asking the server (which decides; an order's
// cost is src/lib/order-points.ts): which coupons fit an order, how many items may be asked for,
// what a buyer may do with an order in each status, and the span and rows of the points chart.
import type { DataOf } from '@/api/contract-types';
import { pictureUrls } from '@/resources/pictures';

/** A listed product: the list always answers its id. */
export type Product = DataOf<'pageMallProduct'>['list'][number] & { id: number };
export type Order = DataOf<'pageOrderForApp'>['list'][number];
export type UserCoupon = DataOf<'pagePersonalUserCoupon'>['list'][number];
export type PointBucket = DataOf<'aggUserPointGroupByPeriod'>[number];

export const MAX_QUANTITY = 99;

/** Why a coupon cannot go with this order (an i18n key under mall.couponUnfit), or undefined when it fits. */
export function couponUnfit(coupon: UserCoupon, productId: number, totalPoints: number, today: string): string | undefined {
  if (coupon.status !== 1) return 'notUnused';
  if (today < coupon.validStartDate) return 'notYet';
  if (today > coupon.validEndDate) return 'expired';
  if (coupon.productId !== undefined && coupon.productId !== null && coupon.productId !== productId) return 'otherProduct';
  if ((coupon.thresholdPoints ?? 0) > totalPoints) return 'threshold';
  return undefined;
}

/** The most items one order may ask for: the stock, the per-user limit (0: none) and 99. */
export const maxQuantity = (product: Pick<Product, 'stock' | 'limitPerUser'>) =>
  Math.max(0, Math.min(MAX_QUANTITY, product.stock, product.limitPerUser ? product.limitPerUser : MAX_QUANTITY));

/** What the buyer may do with an order: cancel before it ships, confirm receipt once shipped. */
export function buyerActions(status: number): ('cancel' | 'receipt')[] {
  if (status === 1) return ['cancel'];
  if (status === 2) return ['receipt'];
  return [];
}

export type ChartPeriod = 'day' | 'month';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * The chart's span ending today (YYYY-MM-DD): the last 30 days by day, or the last 12 months by
 * month from the first of the month, within the server's limits (31 days, 24 months).
 */
export function chartRange(period: ChartPeriod, today: string): { periodType: ChartPeriod; startDate: string; endDate: string } {
  const end = new Date(`${today}T00:00:00Z`);
  const start = new Date(end);
  if (period === 'day') start.setUTCDate(start.getUTCDate() - 29);
  else {
    start.setUTCDate(1);
    start.setUTCMonth(start.getUTCMonth() - 11);
  }
  return { periodType: period, startDate: isoDay(start), endDate: today };
}

/** The buckets as the chart's rows: earned and spent per period, in the given series names. */
export function chartRows(buckets: PointBucket[], names: { income: string; consumption: string }) {
  return buckets.flatMap((b) => [
    { time: b.period, series: names.income, value: b.incomePoints },
    { time: b.period, series: names.consumption, value: b.consumptionPoints },
  ]);
}

/** A product's pictures from its comma-joined images, the cover first. */
export const productImages = (product: Pick<Product, 'images'>) => pictureUrls(product.images);
