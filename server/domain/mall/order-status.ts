// The order's state machine (schemas/entities/order.schema.json): 1 pending shipment -> 2 shipped
// -> 3 completed, and 1 -> 4 cancelled. 3 and 4 are final; every other move is refused.
export const ORDER_STATUS = { pending: 1, shipped: 2, completed: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export type OrderAction = 'ship' | 'receipt' | 'cancel';

const MOVES: Record<OrderAction, { from: OrderStatus; to: OrderStatus }> = {
  ship: { from: ORDER_STATUS.pending, to: ORDER_STATUS.shipped },
  receipt: { from: ORDER_STATUS.shipped, to: ORDER_STATUS.completed },
  cancel: { from: ORDER_STATUS.pending, to: ORDER_STATUS.cancelled },
};

/** The status an action leads to from `status`, or undefined when the action is not allowed there. */
export function nextOrderStatus(status: number, action: OrderAction): OrderStatus | undefined {
  const move = MOVES[action];
  return status === move.from ? move.to : undefined;
}
