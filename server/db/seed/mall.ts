// The mall's reference data (its product categories, on every installation) and, in demo mode,
// a dozen products on the shelf with pictures bundled with the web app (public/mall/), a coupon
// for each demo end user and a few orders of theirs in every state. The demo part is written once,
// on a database without products, in a handful of statements; its orders spend points through the
// ledger like real ones, so balances and ledger agree.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { coupons, mallOrders, productCategories, products, userCoupons, users } from '../schema/index.ts';
import { creditPoints, debitPoints, pointBalance } from '../../services/points-ledger.ts';
import { orderNumber } from '../../repositories/mall-orders.ts';

const DAY_MS = 86_400_000;

const CATEGORIES = [
  { id: 1, nameEn: 'Solar accessories', nameZh: '光伏配件', sort: 1 },
  { id: 2, nameEn: 'Home and energy saving', nameZh: '家居节能', sort: 2 },
  { id: 3, nameEn: 'Gifts and vouchers', nameZh: '礼品卡券', sort: 3 },
];

export async function seedProductCategories(tx: Tx): Promise<void> {
  await tx.insert(productCategories).values(CATEGORIES).onConflictDoNothing();
}

/** [category, name, points, stock, limit per user, pictures, description] */
const DEMO_PRODUCTS: [number, string, number, number, number, string[], string][] = [
  [1, 'Panel cleaning brush', 800, 120, 2, ['cleaning-brush', 'water-bottle'], 'Soft-bristle brush with a 3 m telescopic pole: cleans panels without scratching the glass.'],
  [1, 'MC4 connector kit', 300, 300, 0, ['connector-kit'], 'Ten pairs of IP67 MC4 connectors with a crimping guide.'],
  [1, 'Smart energy meter', 3000, 40, 1, ['energy-meter', 'smart-plug'], 'Single-phase meter that reports import and export to the portal every minute.'],
  [1, 'Inverter dust cover', 500, 80, 0, ['inverter-cover'], 'Breathable cover that keeps dust and leaves off an outdoor inverter.'],
  [2, 'LED bulb pack', 400, 200, 0, ['led-bulbs'], 'Six warm-white 9 W bulbs, E27.'],
  [2, 'Smart plug', 600, 150, 3, ['smart-plug', 'energy-meter'], 'Switches a load when the panels produce more than the house uses.'],
  [2, 'Solar garden light', 700, 90, 0, ['garden-light'], 'Stake light with its own small panel and battery: eight hours of light after a sunny day.'],
  [2, 'Insulated water bottle', 350, 250, 0, ['water-bottle'], 'Stainless steel, 750 ml, keeps drinks cold for 24 hours.'],
  [3, 'Coffee voucher', 200, 500, 5, ['coffee-voucher'], 'One coffee of any size at partner cafés.'],
  [3, 'Movie ticket', 450, 100, 2, ['movie-ticket'], 'One 2D ticket at partner cinemas, valid for a year.'],
  [3, 'Power bank', 900, 60, 1, ['power-bank', 'garden-light'], '10,000 mAh with a solar panel on its back for emergencies.'],
  [3, 'Eco tote bag', 250, 400, 0, ['tote-bag'], 'Organic cotton bag with the portal\'s sun.'],
];

const picture = (name: string) => `/mall/${name}.png`;

/** Demo orders: [buyer, product index, quantity, final status]. */
const DEMO_ORDERS: [string, number, number, 1 | 2 | 3 | 4][] = [
  ['owner', 8, 2, 3],
  ['owner', 4, 1, 2],
  ['owner', 11, 1, 1],
  ['owner', 9, 1, 4],
  ['owner2', 8, 1, 3],
  ['owner2', 7, 1, 1],
];

const RECEIVERS: Record<string, { name: string; phone: string; address: string }> = {
  owner: { name: 'Olivia Owner', phone: '13800000007', address: '18 Sunny Road, Hangzhou' },
  owner2: { name: 'Oscar Owner', phone: '+61 400 000 009', address: '4 Harbour Street, Sydney NSW 2000' },
};

export async function seedDemoMall(tx: Tx): Promise<void> {
  const [existing] = await tx.select({ id: products.id }).from(products).limit(1);
  if (existing) return;
  const created = await tx.insert(products).values(DEMO_PRODUCTS.map(([categoryId, productName, pointsPrice, stock, limitPerUser, images, description], i) => ({
    categoryId, productName, pointsPrice, stock, limitPerUser, images: images.map(picture), description, status: 1, sort: i + 1, publishedAt: sql`now() - interval '30 days'`,
  }))).returning();
  const buyers = new Map((await tx.select({ id: users.id, login: users.loginName, officeId: users.officeId }).from(users)
    .where(inArray(users.loginName, Object.keys(RECEIVERS)))).map((u) => [u.login, u]));
  const owner = buyers.get('owner');
  if (!owner) return;
  const [batch] = await tx.insert(coupons).values({
    couponName: 'Welcome: 100 points off', couponType: 1, faceValue: 100, thresholdPoints: 300,
    validStartDate: sql`current_date - 30` as unknown as string, validEndDate: sql`current_date + 180` as unknown as string,
    givenNum: 2, officeId: owner.officeId, remark: 'Given to every demo end user',
  }).returning({ id: coupons.id });
  const held = await tx.insert(userCoupons).values([...buyers.values()].flatMap((buyer, i) => [
    { couponId: batch!.id, userId: buyer.id, couponNo: `CP${String(batch!.id).padStart(6, '0')}${String(i + 1).padStart(4, '0')}` },
  ])).returning();
  await tx.update(coupons).set({ givenNum: held.length }).where(eq(coupons.id, batch!.id));
  await seedDemoOrders(tx, created, buyers, held);
}

type Product = typeof products.$inferSelect;

async function seedDemoOrders(tx: Tx, created: Product[], buyers: Map<string, { id: string }>, held: (typeof userCoupons.$inferSelect)[]) {
  const usedCoupon = new Set<string>();
  for (const [index, [login, productIndex, quantity, status]] of DEMO_ORDERS.entries()) {
    const buyer = buyers.get(login);
    const product = created[productIndex];
    if (!buyer || !product) continue;
    const total = product.pointsPrice * quantity;
    // The first order of a buyer that reaches the welcome coupon's threshold uses it.
    const coupon = !usedCoupon.has(login) && status !== 4 && total >= 300 ? held.find((c) => c.userId === buyer.id) : undefined;
    const deduct = coupon ? Math.min(100, total) : 0;
    const pay = total - deduct;
    // Only while the buyer has the points (the points area seeds them first): the ledger stays right.
    if (await pointBalance(tx, buyer.id) < pay) continue;
    if (coupon) usedCoupon.add(login);
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    const age = 40 - index * 6;
    const at = daysAgo(age);
    const [{ id } = { id: 0 }] = (await tx.execute(sql`select nextval(pg_get_serial_sequence('mall_orders', 'id'))::int as id`) as unknown as { rows: { id: number }[] }).rows;
    const receiver = RECEIVERS[login]!;
    const orderNo = orderNumber(id, at);
    await tx.insert(mallOrders).values({
      id, orderNo, userId: buyer.id, productId: product.id, productName: product.productName, productImage: product.images[0] ?? null,
      quantity, pointsPrice: product.pointsPrice, totalPoints: total, couponDeductPoints: deduct, payPoints: pay,
      userCouponId: coupon?.id ?? null, couponName: coupon ? 'Welcome: 100 points off' : null, status,
      receiverName: receiver.name, receiverPhone: receiver.phone, receiverAddress: receiver.address,
      carrier: status === 2 || status === 3 ? 'SF Express' : null, trackingNo: status === 2 || status === 3 ? `SF${1000000000 + id}` : null,
      shippedAt: status === 2 || status === 3 ? daysAgo(age - 1) : null,
      receivedAt: status === 3 ? daysAgo(age - 3) : null,
      cancelledAt: status === 4 ? daysAgo(age - 1) : null,
      cancelReason: status === 4 ? 'Ordered by mistake' : null, operatorName: 'Demo', createdAt: at, updatedAt: at,
    });
    if (coupon) await tx.update(userCoupons).set({ status: 2, orderId: id, usedAt: at }).where(eq(userCoupons.id, coupon.id));
    if (pay > 0) await debitPoints(tx, { userId: buyer.id, points: pay, reason: `Order ${orderNo}`, source: 'order', sourceId: id });
    if (status === 4) {
      if (pay > 0) await creditPoints(tx, { userId: buyer.id, points: pay, reason: `Refund of order ${orderNo}`, source: 'orderRefund', sourceId: id });
    } else {
      await tx.update(products).set({ stock: sql`${products.stock} - ${quantity}`, soldNum: sql`${products.soldNum} + ${quantity}` }).where(eq(products.id, product.id));
    }
  }
}
