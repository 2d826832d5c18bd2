// The caller's own points records (webUserPointConsumptionList), newest first: earned, spent or
// both, each change with its balance after, what it was for and when earned points expire.
import { useState } from 'react';
import { Alert, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import i18n from '@/i18n';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/date-time';
import { usePage } from '@/custom/plant/components/use-page';

type PointRecord = DataOf<'webUserPointConsumptionList'>['list'][number];
/** 1 income, 2 consumption (the operation's `direction`); 0 both. */
type Direction = 0 | 1 | 2;

/** What a record was for: its rule, its order or its other account. */
const purpose = (r: PointRecord) => r.ruleName ?? r.orderNo ?? r.counterpartLoginName ?? r.remark ?? '';

export function MyPointRecords({ version }: { version: number }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<Direction>(0);
  const { page, loading, error, pagination } = usePage(
    ({ version: _v, ...q }) => call('webUserPointConsumptionList', { body: q, silent: true }),
    { version, ...(direction ? { direction } : {}) },
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="mall-point-records">
      <Segmented<Direction> value={direction} onChange={setDirection}
        options={[{ value: 0, label: t('mall.records.all') }, { value: 1, label: t('mall.chart.income') }, { value: 2, label: t('mall.chart.consumption') }]} />
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <Table<PointRecord> rowKey="id" size="small" loading={loading} dataSource={page.list} scroll={{ x: 'max-content' }}
        pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }}
        columns={[
          { key: 'createTime', title: t('mall.records.time'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v, { lang: i18n.language }) },
          { key: 'changeType', title: t('pointRecord.fields.changeType'), dataIndex: 'changeType', render: (v: number) => <Tag>{t(`enums.point-record.changeType.${v}`)}</Tag> },
          {
            key: 'points', title: t('pointRecord.fields.points'), dataIndex: 'points', align: 'right',
            render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : 'success'}>{v > 0 ? `+${v}` : v}</Typography.Text>,
          },
          { key: 'balance', title: t('pointRecord.fields.balance'), dataIndex: 'balance', align: 'right' },
          { key: 'purpose', title: t('mall.records.purpose'), render: (_: unknown, r) => purpose(r) },
          { key: 'expireDate', title: t('pointRecord.fields.expireDate'), dataIndex: 'expireDate' },
        ]} />
    </Space>
  );
}
