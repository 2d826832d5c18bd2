// The caller's own orders (pageOrderForApp), newest first, narrowed by status: product, points
// paid, status, the carrier and tracking number once shipped; Cancel before shipping (the points,
// stock and coupon come back) and Confirm receipt once shipped. A change reloads the list and,
// through onChanged, the balance.
import { useState } from 'react';
import { Alert, App, Button, Image, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import i18n from '@/i18n';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/date-time';
import { usePage } from '@/custom/plant/components/use-page';
import { buyerActions, type Order } from './mall-logic';

const STATUS_COLOURS: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'green', 4: 'default' };

export function MyOrders({ version, onChanged }: { version: number; onChanged(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [status, setStatus] = useState<Order['status']>();
  const [busy, setBusy] = useState<number>();
  // `version` is part of the query so that an order placed elsewhere on the page shows at once.
  const { page, loading, error, reload, pagination } = usePage(
    ({ version: _v, ...q }) => call('pageOrderForApp', { query: q, silent: true }),
    { version, ...(status === undefined ? {} : { status }) },
  );

  const act = async (order: Order, action: 'cancel' | 'receipt') => {
    setBusy(order.id);
    try {
      if (action === 'cancel') await call('cancelOrder', { body: { id: order.id }, silent: true });
      else await call('receiptOrder', { body: { id: order.id }, silent: true });
      void message.success(t(`mall.orders.done.${action}`, { orderNo: order.orderNo }));
      reload();
      onChanged();
    } catch (failure) {
      void message.error(failure instanceof ApiError ? errorText(t, failure) : t('errors.unknown'));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="mall-orders">
      <Select allowClear placeholder={t('order.fields.status')} style={{ width: 200 }} value={status} onChange={setStatus} data-testid="mall-order-status"
        options={([1, 2, 3, 4] as const).map((s) => ({ value: s, label: t(`enums.order.status.${s}`) }))} />
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <Table<Order> rowKey="id" loading={loading} dataSource={page.list} scroll={{ x: 'max-content' }} data-testid="mall-orders-table"
        pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: t('mall.orders.none') }}
        columns={[
          { key: 'orderNo', title: t('order.fields.orderNo'), dataIndex: 'orderNo' },
          {
            key: 'product', title: t('order.fields.productName'),
            render: (_: unknown, o) => (
              <Space>
                {o.productImage && <Image src={o.productImage} width={40} height={40} style={{ objectFit: 'cover' }} alt={o.productName} />}
                <span>{o.productName} × {o.quantity}</span>
              </Space>
            ),
          },
          { key: 'payPoints', title: t('order.fields.payPoints'), dataIndex: 'payPoints', align: 'right' },
          {
            key: 'status', title: t('order.fields.status'), dataIndex: 'status',
            render: (s: number) => <Tag color={STATUS_COLOURS[s]} data-testid="mall-order-state">{t(`enums.order.status.${s}`)}</Tag>,
          },
          {
            key: 'shipping', title: t('mall.orders.shipping'),
            render: (_: unknown, o) => (o.trackingNo ? <Typography.Text copyable={{ text: o.trackingNo }}>{`${o.carrier ?? ''} ${o.trackingNo}`}</Typography.Text> : ''),
          },
          { key: 'createTime', title: t('mall.orders.time'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v, { lang: i18n.language }) },
          {
            key: 'actions', title: t('common.actions.title'),
            render: (_: unknown, o) => (
              <Space size={4}>
                {buyerActions(o.status).map((action) => (
                  <Popconfirm key={action} title={t(`mall.orders.confirm.${action}`)} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => act(o, action)}>
                    <Button size="small" type="link" danger={action === 'cancel'} loading={busy === o.id} aria-label={`${t(`order.actions.${action}`)}: ${o.orderNo}`}
                      data-testid={`mall-order-${action}`}>{t(`order.actions.${action}`)}</Button>
                  </Popconfirm>
                ))}
              </Space>
            ),
          },
        ]} />
    </Space>
  );
}
