// A sub-group's day (getSubGroupData) in the plant's calendar: its PV power curve (5-minute sums
// of its devices, times in the plant's time zone), its PV energy and its devices. The day moves
// back and forth, never past today in the plant's time zone.
import { useCallback, useMemo, useState } from 'react';
import { Card, Empty, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatEnergy } from '@/lib/units';
import { PowerCurve } from '@/custom/charts/power-curve';
import { noValues, toRows } from '@/custom/charts/rows';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { PeriodPicker, type Period } from '@/custom/monitoring/period-picker';
import { clockIn, todayIn } from '@/custom/monitoring/period';
import { SubGroupDevicesTable } from './sub-group-devices-table';
import type { SubGroup } from './use-data-views';

const SERIES = ['pvPower'] as const;

export function SubGroupDay({ plantUid, group, timeZone }: { plantUid: string; group: SubGroup; timeZone?: string | undefined }) {
  const { t } = useTranslation();
  const today = todayIn(timeZone);
  const [period, setPeriod] = useState<Period>({ type: 'day', date: today });
  // The whole group is a dependency, not only its id: an edit answers a new one, whose devices
  // may have changed, so its day is asked for again.
  const load = useLoad(useCallback(
    () => call('getSubGroupData', { query: { plantUid, subGroupId: group.subGroupId, date: period.date }, silent: true }),
    [plantUid, group, period.date],
  ));
  const data = load.data;
  const rows = useMemo(() => (data ? toRows(data.points, SERIES, (f) => t(`monitoring.series.${f}`), (p) => clockIn(p.time, timeZone)) : []), [data, t, timeZone]);
  return (
    <Card size="small" title={group.subGroupName} data-testid="view-day"
      extra={<PeriodPicker value={period} onChange={setPeriod} today={today} types={['day']} testId="view-day-period" />}>
      <CardState load={load} testId="view-day" isEmpty={() => false}>
        {(d) => (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <div data-testid="view-day-energy"><Statistic title={t('plant.views.fields.pvEnergy')} value={formatEnergy(d.pvEnergy)} /></div>
            {noValues(rows)
              ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plant.views.noCurve')} data-testid="view-day-no-curve" />
              : <PowerCurve rows={rows} height={280} testId="view-day-chart" />}
            <SubGroupDevicesTable devices={d.devices} />
          </Space>
        )}
      </CardState>
    </Card>
  );
}
