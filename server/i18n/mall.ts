// The points mall: why a product, an order or a coupon change is refused, and the order export's headings.
import type { AreaMessages } from './area.ts';

const orderColumnsEn = {
  orderNo: 'Order number', createTime: 'Order time', status: 'Status', loginName: 'Buyer account', nickname: 'Buyer name', officeName: 'Organisation',
  productName: 'Product', quantity: 'Quantity', pointsPrice: 'Unit price (points)', totalPoints: 'Total (points)',
  memberDiscountPoints: 'Member discount (points)', couponDeductPoints: 'Coupon deduction (points)', payPoints: 'Paid (points)', couponName: 'Coupon',
  receiverName: 'Receiver', receiverPhone: 'Receiver phone', receiverAddress: 'Receiver address', buyerRemark: 'Buyer remark',
  carrier: 'Carrier', trackingNo: 'Tracking number', shipTime: 'Ship time', receiptTime: 'Receipt time', cancelTime: 'Cancel time', cancelReason: 'Cancel reason',
};

const orderColumnsZh: typeof orderColumnsEn = {
  orderNo: '订单号', createTime: '下单时间', status: '状态', loginName: '买家账号', nickname: '买家名称', officeName: '所属组织',
  productName: '商品', quantity: '数量', pointsPrice: '单价（积分）', totalPoints: '总价（积分）',
  memberDiscountPoints: '会员折扣（积分）', couponDeductPoints: '优惠券抵扣（积分）', payPoints: '实付（积分）', couponName: '优惠券',
  receiverName: '收货人', receiverPhone: '收货电话', receiverAddress: '收货地址', buyerRemark: '买家备注',
  carrier: '快递公司', trackingNo: '快递单号', shipTime: '发货时间', receiptTime: '收货时间', cancelTime: '取消时间', cancelReason: '取消原因',
};

const prefixed = (columns: Record<string, string>) => Object.fromEntries(Object.entries(columns).map(([k, v]) => [`exports.order.${k}`, v]));

export const mallMessages: AreaMessages = {
  en: {
    'rule.productStatusNotAllowed': '{field}: the product is not in a state that allows this (publish a draft or an off-shelf product; take off only one on the shelf)',
    'rule.productOnShelf': '{field}: the product is on the shelf; take it off the shelf first',
    'rule.productOrdered': '{field}: the product has orders, so it cannot be deleted; take it off the shelf instead',
    'rule.productNotOnShelf': '{field}: the product is not on the shelf',
    'rule.imageCount': '{field}: must hold 1 to {limit} pictures',
    'rule.uploadedImage': '{field}: {value} is not a picture uploaded here',
    'rule.stockShort': '{field}: only {stock} left in stock',
    'rule.limitPerUser': '{field}: at most {limit} per user, and you have ordered {bought} already',
    'rule.couponNotHeld': '{field}: not one of your coupons',
    'rule.couponUsed': '{field}: the coupon has been used already',
    'rule.couponExpired': '{field}: the coupon expired on {value}',
    'rule.couponNotStarted': '{field}: the coupon can be used from {value}',
    'rule.couponOtherProduct': '{field}: the coupon is for another product',
    'rule.couponThreshold': '{field}: the coupon needs an order of at least {limit} points',
    'rule.orderShipNotAllowed': '{field}: only an order pending shipment can be shipped',
    'rule.orderReceiptNotAllowed': '{field}: only a shipped order can be confirmed as received',
    'rule.orderCancelNotAllowed': '{field}: only an order not yet shipped can be cancelled',
    'rule.notPast': '{field}: must not lie in the past',
    'rule.officeHasCoupons': '{field}: the office has given {count} coupon batches',
    'exports.order.fileName': 'Point orders',
    'exports.order.status.1': 'Pending shipment',
    'exports.order.status.2': 'Shipped',
    'exports.order.status.3': 'Completed',
    'exports.order.status.4': 'Cancelled',
    ...prefixed(orderColumnsEn),
  },
  'zh-CN': {
    'rule.productStatusNotAllowed': '{field}：商品当前状态不允许此操作（只能上架草稿或已下架的商品，只能下架在售商品）',
    'rule.productOnShelf': '{field}：商品正在上架中，请先下架',
    'rule.productOrdered': '{field}：商品已有订单，不能删除，请改为下架',
    'rule.productNotOnShelf': '{field}：商品未上架',
    'rule.imageCount': '{field}：须有 1 至 {limit} 张图片',
    'rule.uploadedImage': '{field}：{value} 不是在本平台上传的图片',
    'rule.stockShort': '{field}：库存仅剩 {stock} 件',
    'rule.limitPerUser': '{field}：每人限购 {limit} 件，您已购买 {bought} 件',
    'rule.couponNotHeld': '{field}：不是您的优惠券',
    'rule.couponUsed': '{field}：优惠券已被使用',
    'rule.couponExpired': '{field}：优惠券已于 {value} 过期',
    'rule.couponNotStarted': '{field}：优惠券自 {value} 起可用',
    'rule.couponOtherProduct': '{field}：优惠券仅适用于其他商品',
    'rule.couponThreshold': '{field}：订单须满 {limit} 积分才能使用该优惠券',
    'rule.orderShipNotAllowed': '{field}：只有待发货的订单可以发货',
    'rule.orderReceiptNotAllowed': '{field}：只有已发货的订单可以确认收货',
    'rule.orderCancelNotAllowed': '{field}：只有尚未发货的订单可以取消',
    'rule.notPast': '{field}：不能早于今天',
    'rule.officeHasCoupons': '{field}：该组织已发放 {count} 批优惠券',
    'exports.order.fileName': '积分订单',
    'exports.order.status.1': '待发货',
    'exports.order.status.2': '已发货',
    'exports.order.status.3': '已完成',
    'exports.order.status.4': '已取消',
    ...prefixed(orderColumnsZh),
  },
};
