// The plant's power over a day (getPlantPowerAndPVPowerCurve): the inverters' AC output and the
// PV (DC) input, 5-minute averages, with the times in the plant's time zone.
import { useCallback, useMemo, useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { PowerCurve } from '@/custom/charts/power-curve';
import { noValues, toRows } from '@/custom/charts/rows';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { PeriodPicker, type Period } from '@/custom/monitoring/period-picker';
import { clockIn } from '@/custom/monitoring/period';

const SERIES = ['power', 'pvPower'] as const;

export function PlantPowerCard({ plantUid, timeZone, today }: { plantUid: string; timeZone?: string; today: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>({ type: 'day', date: today });
  const load = useLoad(useCallback(() => call('getPlantPowerAndPVPowerCurve', { query: { plantUid, date: period.date }, silent: true }), [plantUid, period.date]));
  const data = load.data;
  const rows = useMemo(() => (data ? toRows(data.points, SERIES, (f) => t(`monitoring.series.${f}`), (p) => clockIn(p.time, timeZone)) : []), [data, t, timeZone]);
  return (
    <Card title={t('plant.overview.powerCurve')} data-testid="plant-power-card" style={{ height: '100%' }}
      extra={<PeriodPicker value={period} onChange={setPeriod} today={today} types={['day']} testId="plant-power-period" />}>
      <CardState load={load} testId="plant-power" isEmpty={(d) => d.points.length === 0 || noValues(rows)} emptyText={t('home.power.empty')}>
        {() => <PowerCurve rows={rows} height={300} testId="plant-power-chart" />}
      </CardState>
    </Card>
  );
}
