// The order form of a product: quantity (up to the stock, the per-user limit and 99), receiver,
// phone, address, an optional coupon (the caller's unused ones; those that do not fit this order
// are shown with the reason and cannot be chosen) and a remark, with the cost worked out as the
// server will (price, member discount, coupon, points to pay) against the balance. placeOrder
// decides: a refusal shows under its field (quantity beyond the stock or the balance, a coupon
// used meanwhile) and keeps the form open.
import { useEffect, useMemo, useState } from 'react';
import { App, Alert, Descriptions, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { useFormSave } from '@/api/form-errors';
import { orderPoints } from '@/lib/order-points';
import { todayIn } from '@/lib/date-time';
import orderEntity from '../../../schemas/entities/order.schema.json';
import { couponUnfit, maxQuantity, type Product, type UserCoupon } from './mall-logic';
import type { PointInfo } from './use-point-info';
import { count } from './count';

interface Values {
  quantity: number;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  userCouponId?: number;
  buyerRemark?: string;
}
const FIELDS = ['quantity', 'receiverName', 'receiverPhone', 'receiverAddress', 'userCouponId', 'buyerRemark'] as const;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A receiver field's rules from the order entity's limits (its length and pattern), required or not. */
function entityRules(t: Translate, field: 'receiverName' | 'receiverPhone' | 'receiverAddress' | 'buyerRemark', required: boolean): Rule[] {
  const property = orderEntity.properties[field] as { maxLength?: number; pattern?: string };
  return [
    ...(required ? [{ required: true, whitespace: true, message: t('validation.required') }] : []),
    ...(property.maxLength ? [{ max: property.maxLength, message: t('validation.maxLength', { limit: property.maxLength }) }] : []),
    ...(property.pattern ? [{ pattern: new RegExp(property.pattern), message: t('validation.pattern') }] : []),
  ];
}

/** The caller's unused coupons, every page of them (a user holds few). */
async function unusedCoupons(): Promise<UserCoupon[]> {
  const page = await call('pagePersonalUserCoupon', { query: { pageNo: 1, pageSize: 100, status: 1 }, silent: true });
  return page.list;
}

export function RedeemDialog({ product, points, onClose, onOrdered }: { product: Product; points: PointInfo | undefined; onClose(): void; onOrdered(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [coupons, setCoupons] = useState<UserCoupon[]>([]);
  useEffect(() => {
    let live = true;
    // Without the coupons the order can still be placed without one.
    unusedCoupons().then((list) => live && setCoupons(list), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const couponId = Form.useWatch('userCouponId', form);
  const max = maxQuantity(product);
  const discount = points?.discountPercent ?? 0;
  const total = product.pointsPrice * (quantity || 1);
  const today = todayIn();
  const coupon = coupons.find((c) => c.id === couponId);
  const cost = orderPoints(product.pointsPrice, quantity || 1, discount, coupon);
  const short = points !== undefined && cost.payPoints > points.availablePoints;
  const options = useMemo(() => coupons.map((c) => {
    const unfit = couponUnfit(c, product.id, total, today);
    const worth = c.couponType === 1 ? t('mall.coupon.pointsOff', { points: count(c.faceValue) }) : t('mall.coupon.percentOff', { percent: c.discountPercent });
    return { value: c.id, disabled: Boolean(unfit), label: `${c.couponName} · ${worth}${unfit ? ` (${t(`mall.couponUnfit.${unfit}`, { points: c.thresholdPoints })})` : ''}` };
  }), [coupons, product.id, total, today, t]);
  // A coupon that stops fitting (the quantity went down under its threshold) is let go.
  useEffect(() => {
    if (coupon && couponUnfit(coupon, product.id, total, today)) form.setFieldValue('userCouponId', undefined);
  }, [coupon, product.id, total, today, form]);

  const { saving, run } = useFormSave(form, async (values: Values) => {
    const order = await call('placeOrder', { body: { productId: product.id, ...values }, silent: true });
    void message.success(t('mall.ordered', { orderNo: order.orderNo, points: count(order.payPoints) }));
    onOrdered();
  }, FIELDS);

  return (
    <Modal open title={t('mall.redeemTitle', { product: product.productName })} onCancel={onClose} destroyOnHidden okText={t('mall.placeOrder')}
      cancelText={t('common.cancel')} confirmLoading={saving} onOk={() => form.submit()} okButtonProps={{ disabled: short, 'data-testid': 'mall-place-order' } as never}>
      <Form form={form} layout="vertical" initialValues={{ quantity: 1 }} onFinish={(values) => void run(values)} data-testid="mall-redeem-form">
        <Form.Item name="quantity" label={t('order.fields.quantity')}
          rules={[{ required: true, message: t('validation.required') }, { type: 'number', min: 1, max, message: t('mall.quantityRange', { max }) }]}>
          <InputNumber min={1} max={max} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="receiverName" label={t('order.fields.receiverName')} rules={entityRules(t, 'receiverName', true)}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="receiverPhone" label={t('order.fields.receiverPhone')} rules={entityRules(t, 'receiverPhone', true)}>
          <Input autoComplete="tel" />
        </Form.Item>
        <Form.Item name="receiverAddress" label={t('order.fields.receiverAddress')} rules={entityRules(t, 'receiverAddress', true)}>
          <Input.TextArea autoSize={{ minRows: 2 }} autoComplete="street-address" />
        </Form.Item>
        <Form.Item name="userCouponId" label={t('mall.coupon.label')}>
          <Select allowClear options={options} placeholder={coupons.length ? t('mall.coupon.none') : t('mall.coupon.noneHeld')} data-testid="mall-coupon" />
        </Form.Item>
        <Form.Item name="buyerRemark" label={t('order.fields.buyerRemark')} rules={entityRules(t, 'buyerRemark', false)}>
          <Input.TextArea autoSize={{ minRows: 1 }} />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={1} bordered data-testid="mall-cost" items={[
        { key: 'total', label: t('order.fields.totalPoints'), children: cost.totalPoints },
        { key: 'member', label: t('order.fields.memberDiscountPoints'), children: cost.memberDiscountPoints ? `−${cost.memberDiscountPoints}` : 0 },
        { key: 'coupon', label: t('order.fields.couponDeductPoints'), children: cost.couponDeductPoints ? `−${cost.couponDeductPoints}` : 0 },
        { key: 'pay', label: t('order.fields.payPoints'), children: <strong data-testid="mall-pay">{cost.payPoints}</strong> },
        { key: 'balance', label: t('mall.balance.available'), children: points?.availablePoints ?? '–' },
      ]} />
      {short && <Alert style={{ marginTop: 12 }} type="warning" showIcon message={t('mall.notEnough')} data-testid="mall-not-enough" />}
    </Modal>
  );
}
