// The energy of a period for all plants in scope or one plant (getHomeEneryStatisticsData, which
// takes an optional plantUid, so the home dashboard and the plant overview share this card):
// production, consumption, grid import and export, battery charge and discharge; the
// self-consumption and self-sufficiency rates; savings (per currency) and CO2 avoided; a chart of
// the period's buckets; and the comparison with the previous period and the same period a year
// earlier, all from the one answer.
import { useCallback, useMemo, useState } from 'react';
import { Card, Col, Empty, Progress, Row, Statistic, Table, Tabs, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatEnergy, formatMass } from '@/lib/units';
import { EnergyColumns } from '@/custom/charts/energy-columns';
import { toRows } from '@/custom/charts/rows';
import { CardState } from './card-state';
import { useLoad } from './use-load';
import { bucketLabel } from './period';
import { PeriodPicker, type Period } from './period-picker';
import { ENERGY_FIELDS, change, formatChange, formatRate, formatSavings, isEmptyPeriod, type EnergyField, type EnergyStatistics } from './energy-figures';

const CHART_FIELDS = ['pvEnergy', 'loadEnergy', 'gridImportEnergy', 'gridExportEnergy'] as const;

export interface EnergyCardProps {
  /** One plant; all plants in scope when absent. */
  plantUid?: string;
  /** Today in the scope's calendar (the plant's time zone for one plant). */
  today: string;
}

export function EnergyCard({ plantUid, today }: EnergyCardProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>({ type: 'day', date: today });
  const main = useLoad(useCallback(() => call('getHomeEneryStatisticsData', {
    query: { ...(plantUid ? { plantUid } : {}), dateType: period.type, date: period.date }, silent: true,
  }), [plantUid, period]));
  const label = useCallback((field: EnergyField) => t(`energyStatistics.fields.${field}`), [t]);
  // Memoised: a new rows array redraws the chart.
  const chartRows = useMemo(() => toRows(main.data?.items ?? [], CHART_FIELDS, label, (item) => bucketLabel(item.time, main.data?.dateType ?? 'day')), [main.data, label]);

  const compared = (field: EnergyField, current: number, earlier: EnergyStatistics | null | undefined) => {
    if (!earlier) return '–';
    const pct = change(current, earlier[field]);
    return (
      <span>
        {formatEnergy(earlier[field])}
        {pct !== undefined && <Typography.Text type={pct >= 0 ? 'success' : 'danger'} style={{ marginLeft: 8 }}>{formatChange(pct)}</Typography.Text>}
      </span>
    );
  };

  return (
    <Card title={t('monitoring.energy.title')} data-testid="energy-card"
      extra={<PeriodPicker value={period} onChange={setPeriod} today={today} testId="energy-period" />}>
      <CardState load={main} testId="energy" isEmpty={isEmptyPeriod} emptyText={t('monitoring.energy.empty')}>
        {({ dateType, total, savings, co2Avoided, previous, lastYear }) => {
          // For a year the same period a year earlier is the previous one: one column says it.
          const showLastYear = dateType === 'day' || dateType === 'month';
          const named = (title: string, earlier: EnergyStatistics | null) => (earlier?.time ? `${title} (${earlier.time})` : title);
          const figures = ENERGY_FIELDS.map((field) => ({ field, current: total[field] }));
          type Line = (typeof figures)[number];
          return (
            <>
              <Row gutter={[16, 16]}>
                {ENERGY_FIELDS.map((field) => (
                  <Col key={field} xs={12} md={8} xl={4}>
                    <Statistic title={label(field)} value={formatEnergy(total[field])} valueStyle={{ fontSize: 20 }} data-testid={`energy-${field}`} />
                  </Col>
                ))}
              </Row>
              <Row gutter={[16, 16]} style={{ marginTop: 16 }} align="middle">
                {(['selfConsumptionRate', 'selfSufficiencyRate'] as const).map((rate) => (
                  <Col key={rate} xs={12} md={6}>
                    <Typography.Text type="secondary">
                      {t(`energyStatistics.fields.${rate}`)}{' '}
                      <Tooltip title={t(`monitoring.energy.definitions.${rate}`)}><InfoCircleOutlined aria-label={t(`monitoring.energy.definitions.${rate}`)} /></Tooltip>
                    </Typography.Text>
                    <Progress percent={Math.min(100, Math.max(0, total[rate]))} format={() => formatRate(total[rate])} data-testid={`energy-${rate}`} />
                  </Col>
                ))}
                <Col xs={12} md={6}>
                  {/* Several currencies make a long figure: it gets a smaller type rather than pushing the row apart. */}
                  <Statistic title={t('monitoring.energy.savings')} value={formatSavings(savings)} valueStyle={{ fontSize: savings.filter((x) => x.amount > 0).length > 1 ? 14 : 20 }} data-testid="energy-savings" />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('monitoring.energy.co2')} value={formatMass(co2Avoided)} valueStyle={{ fontSize: 20 }} data-testid="energy-co2" />
                </Col>
              </Row>
              <Tabs size="small" style={{ marginTop: 8 }} items={[
                { key: 'chart', label: t('monitoring.energy.chart'), children: <EnergyColumns rows={chartRows} testId="energy-chart" /> },
                {
                  key: 'comparison', label: t('monitoring.energy.comparison'),
                  children: dateType === 'total' ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitoring.energy.nothingToCompare')} /> : (
                    <Table size="small" pagination={false} rowKey="field" data-testid="energy-comparison"
                      dataSource={figures}
                      columns={[
                        { key: 'field', dataIndex: 'field', title: t('monitoring.energy.figure'), render: (f: EnergyField) => label(f) },
                        { key: 'current', dataIndex: 'current', title: t('monitoring.energy.thisPeriod'), align: 'right', render: (v: number) => formatEnergy(v) },
                        { key: 'previous', title: named(t('monitoring.energy.previousPeriod'), previous), align: 'right', render: (_: unknown, r: Line) => compared(r.field, r.current, previous) },
                        ...(showLastYear ? [{ key: 'lastYear', title: named(t('monitoring.energy.lastYear'), lastYear), align: 'right' as const, render: (_: unknown, r: Line) => compared(r.field, r.current, lastYear) }] : []),
                      ]} />
                  ),
                },
              ]} />
            </>
          );
        }}
      </CardState>
    </Card>
  );
}
