// The caller's own coupons (pagePersonalUserCoupon): unused ones first, soonest to expire first,
// then used and expired ones; each with what it is worth, its threshold, the product it is
// limited to and its days.
import { useState } from 'react';
import { Alert, Segmented, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { usePage } from '@/custom/plant/components/use-page';
import type { UserCoupon } from './mall-logic';
import { count } from './count';

const STATUS_COLOURS: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'default' };

export function MyCoupons({ version }: { version: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<UserCoupon['status'] | 0>(0);
  const { page, loading, error, pagination } = usePage(
    ({ version: _v, ...q }) => call('pagePersonalUserCoupon', { query: q, silent: true }),
    { version, ...(status ? { status } : {}) },
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="mall-coupons">
      <Segmented<UserCoupon['status'] | 0> value={status} onChange={setStatus}
        options={[{ value: 0, label: t('mall.records.all') }, ...([1, 2, 3] as const).map((s) => ({ value: s, label: t(`enums.user-coupon.status.${s}`) }))]} />
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <Table<UserCoupon> rowKey="id" size="small" loading={loading} dataSource={page.list} scroll={{ x: 'max-content' }}
        pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }} locale={{ emptyText: t('mall.coupon.noCoupons') }}
        columns={[
          { key: 'couponName', title: t('userCoupon.fields.couponName'), dataIndex: 'couponName' },
          {
            key: 'worth', title: t('mall.coupon.worth'),
            render: (_: unknown, c) => (c.couponType === 1 ? t('mall.coupon.pointsOff', { points: count(c.faceValue) }) : t('mall.coupon.percentOff', { percent: c.discountPercent })),
          },
          { key: 'threshold', title: t('userCoupon.fields.thresholdPoints'), dataIndex: 'thresholdPoints', align: 'right' },
          { key: 'product', title: t('userCoupon.fields.productName'), render: (_: unknown, c) => c.productName ?? t('mall.coupon.anyProduct') },
          { key: 'valid', title: t('mall.coupon.valid'), render: (_: unknown, c) => `${c.validStartDate} – ${c.validEndDate}` },
          { key: 'status', title: t('userCoupon.fields.status'), dataIndex: 'status', render: (s: number) => <Tag color={STATUS_COLOURS[s]}>{t(`enums.user-coupon.status.${s}`)}</Tag> },
          { key: 'orderNo', title: t('userCoupon.fields.orderNo'), dataIndex: 'orderNo' },
        ]} />
    </Space>
  );
}
