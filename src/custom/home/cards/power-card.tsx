// The power of the plants in scope (getHomePowerStatisticsData): the PV power now, the period's
// peak against the installed capacity, and the curve of PV, load, grid and battery power. "Now"
// is the plant statistics' currentPower (the devices' latest states), not the curve's last slot:
// the curve sums plants slot by slot in each one's local time, so over several time zones its
// last slot is no single instant. For a month, a year or the lifetime each point is the average
// power of its day, month or year and pvPeak the highest PV power sampled in it, as the contract
// defines; the peak shown is then the highest pvPeak. Over plants in several zones each counts its
// own today and a day's curve adds them up by local clock time (10:00 is each plant's 10:00), which
// the card says.
import { useCallback, useMemo, useState } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatCapacity, formatPower } from '@/lib/units';
import { PowerCurve } from '@/custom/charts/power-curve';
import { noValues, toRows } from '@/custom/charts/rows';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { bucketLabel } from '@/custom/monitoring/period';
import { PeriodPicker, type Period } from '@/custom/monitoring/period-picker';

const SERIES = ['pvPower', 'loadPower', 'gridPower', 'batteryPower'] as const;

/** `localClocks`: the plants span zones, so a day's times are each plant's local clock. */
export function PowerCard({ plantUid, today, currentPower, localClocks = false }: { plantUid?: string; today: string; currentPower?: number; localClocks?: boolean }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>({ type: 'day', date: today });
  const load = useLoad(useCallback(() => call('getHomePowerStatisticsData', {
    query: { ...(plantUid ? { plantUid } : {}), dateType: period.type, date: period.date }, silent: true,
  }), [plantUid, period]));
  const data = load.data;
  const rows = useMemo(() => (data ? toRows(data.points, SERIES, (f) => t(`monitoring.series.${f}`), (p) => bucketLabel(p.time, data.dateType)) : []), [data, t]);
  const isToday = period.type === 'day' && period.date === today;
  return (
    <Card title={t('home.power.title')} data-testid="power-card" style={{ height: '100%' }}
      extra={<PeriodPicker value={period} onChange={setPeriod} today={today} testId="power-period" />}>
      <CardState load={load} testId="power" isEmpty={(d) => d.points.length === 0 || noValues(rows)} emptyText={t('home.power.empty')}>
        {(d) => {
          const peak = Math.max(0, ...d.points.map((p) => (d.dateType === 'day' ? p.pvPower : p.pvPeak ?? p.pvPower) ?? 0));
          return (
            <>
              <Row gutter={16}>
                {isToday && <Col xs={8}><Statistic title={t('home.power.current')} value={currentPower === undefined ? '–' : formatPower(currentPower)} data-testid="power-current" /></Col>}
                <Col xs={8}><Statistic title={t('home.power.peak')} value={formatPower(peak)} data-testid="power-peak" /></Col>
                <Col xs={8}><Statistic title={t('home.power.capacity')} value={formatCapacity(d.systemPower)} data-testid="power-capacity" /></Col>
              </Row>
              <PowerCurve rows={rows} testId="power-chart" />
              {localClocks && d.dateType === 'day' && <Typography.Text type="secondary" data-testid="power-local-clocks">{t('home.power.localClocks')}</Typography.Text>}
            </>
          );
        }}
      </CardState>
    </Card>
  );
}
