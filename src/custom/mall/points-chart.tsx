// The caller's points over time (aggUserPointGroupByPeriod): earned and spent per day over the
// last 30 days or per month over the last 12, as grouped columns.
import { useEffect, useMemo, useState } from 'react';
import type { ColumnOptions } from '@antv/g2plot';
import { Alert, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { G2Plot } from '@/custom/charts/g2-plot';
import { errorText } from '@/lib/error-text';
import { todayIn } from '@/lib/date-time';
import { chartRange, chartRows, type ChartPeriod, type PointBucket } from './mall-logic';

export function PointsChart({ version }: { version: number }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ChartPeriod>('month');
  const [buckets, setBuckets] = useState<PointBucket[]>([]);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    let live = true;
    call('aggUserPointGroupByPeriod', { body: chartRange(period, todayIn()), silent: true }).then((data) => {
      if (!live) return;
      setBuckets(data);
      setError(undefined);
    }, (failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [period, version]);
  const options = useMemo((): Omit<ColumnOptions, 'height' | 'autoFit'> => ({
    data: chartRows(buckets, { income: t('mall.chart.income'), consumption: t('mall.chart.consumption') }),
    xField: 'time',
    yField: 'value',
    seriesField: 'series',
    isGroup: true,
    legend: { position: 'top' },
  }), [buckets, t]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="mall-points-chart">
      <Segmented<ChartPeriod> value={period} onChange={setPeriod}
        options={[{ value: 'day', label: t('mall.chart.days') }, { value: 'month', label: t('mall.chart.months') }]} />
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <G2Plot kind="Column" options={options} height={280} testId="mall-points-plot" />
    </Space>
  );
}
