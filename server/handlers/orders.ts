// The mall's orders (openapi/paths/orders.yaml): users place and follow their own; staff page,
// ship, cancel and export the orders of users in their organisations.
import { csvChunks, workbook, type Cell } from '../domain/exports/table-file.ts';
import { translate } from '../i18n/messages.ts';
import { fieldError } from '../errors.ts';
import { changeOrder, exportOrderRows, orderDetail, pageOrders, pageOwnOrders, placeOrder, type OrderDto } from '../repositories/mall-orders.ts';
import { hasAnyPermission } from '../../src/lib/permissions.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { sendFile } from './file-answer.ts';
import { defineHandlers } from './types.ts';

/** An export holds at most this many orders; past it the answer asks for narrower filters. */
export const ORDER_EXPORT_CAP = 10_000;

/** Staff who may handle other users' orders with this permission (their organisations' only). */
const staffWith = (user: AuthContext, permission: string) => hasAnyPermission(user.permissions, [permission]);

const EXPORT_COLUMNS = [
  'orderNo', 'createTime', 'status', 'loginName', 'nickname', 'officeName', 'productName', 'quantity', 'pointsPrice', 'totalPoints',
  'memberDiscountPoints', 'couponDeductPoints', 'payPoints', 'couponName', 'receiverName', 'receiverPhone', 'receiverAddress', 'buyerRemark',
  'carrier', 'trackingNo', 'shipTime', 'receiptTime', 'cancelTime', 'cancelReason',
] as const satisfies readonly (keyof OrderDto)[];

function exportCell(order: OrderDto, column: (typeof EXPORT_COLUMNS)[number], lang: string): Cell {
  if (column === 'status') return translate(lang, `exports.order.status.${order.status}`);
  return order[column] ?? null;
}

export const orderHandlers = defineHandlers({
  placeOrder: ({ db, user, body }) => placeOrder(db, user, body),
  pageOrder: ({ db, user, query }) => pageOrders(db, user, query),
  pageOrderForApp: ({ db, user, query }) => pageOwnOrders(db, user, query),
  getOrderDetail: ({ db, user, query }) => orderDetail(db, user, query.id, staffWith(user, 'market:order:list')),
  shipOrder: ({ db, user, body }) => changeOrder(db, user, 'ship', body, true),
  receiptOrder: ({ db, user, body }) => changeOrder(db, user, 'receipt', body, staffWith(user, 'market:order:edit')),
  cancelOrder: ({ db, user, body }) => changeOrder(db, user, 'cancel', body, staffWith(user, 'market:order:edit')),
  async exportOrder({ db, user, query, lang, reply }) {
    const format = query.format ?? 'xlsx';
    const orders = await exportOrderRows(db, user, query, ORDER_EXPORT_CAP + 1);
    if (orders.length > ORDER_EXPORT_CAP) throw fieldError('startDate', 'exportTooLarge', { limit: ORDER_EXPORT_CAP });
    const columns = EXPORT_COLUMNS.map((c) => ({ header: translate(lang, `exports.order.${c}`), width: 18 }));
    const rows = orders.map((order) => EXPORT_COLUMNS.map((c) => exportCell(order, c, lang)));
    const title = translate(lang, 'exports.order.fileName');
    const name = `${title}.${format}`;
    if (format === 'csv') return sendFile(reply, name, format, csvChunks(columns, rows));
    return sendFile(reply, name, format, await workbook([{ name: title, columns, rows }]));
  },
});
