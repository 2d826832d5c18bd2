// The battery detail of a plant: its batteries now (getHomeBatteryStatisticsData of today), the
// day's power and state of charge (getHomePowerStatisticsData's battery power with the hourly mean
// charge), and the charge and discharge energy of a day, month, year or the lifetime.
import { useCallback, useMemo, useState } from 'react';
import { Card, Col, Descriptions, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { SocPowerCurve } from '@/custom/charts/soc-power-curve';
import { toRows } from '@/custom/charts/rows';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { bucketLabel } from '@/custom/monitoring/period';
import { PeriodPicker, type Period } from '@/custom/monitoring/period-picker';
import { BatteryEnergy } from './battery-energy';
import { BatteryNow } from './battery-now';
import { batteriesState } from './battery-state';
import { plantCurveRows } from './battery-series';

const ENERGY_FIELDS = ['batteryChargeEnergy', 'batteryDischargeEnergy'] as const;

export function PlantBatteryView({ plantUid, today }: { plantUid: string; today: string }) {
  const { t } = useTranslation();
  const now = useLoad(useCallback(() => call('getHomeBatteryStatisticsData', { query: { plantUid, dateType: 'day', date: today }, silent: true }), [plantUid, today]));

  const [day, setDay] = useState<Period>({ type: 'day', date: today });
  const curve = useLoad(useCallback(() => Promise.all([
    call('getHomePowerStatisticsData', { query: { plantUid, dateType: 'day', date: day.date }, silent: true }),
    call('getHomeBatteryStatisticsData', { query: { plantUid, dateType: 'day', date: day.date }, silent: true }),
  ]).then(([power, battery]) => plantCurveRows(power.points, battery.items)), [plantUid, day.date]));

  const [period, setPeriod] = useState<Period>({ type: 'month', date: today });
  // The answer does not name its period: it is kept beside it, so that an answer still shown while
  // the next period loads keeps its own bucket labels.
  const energy = useLoad(useCallback(() => call('getHomeBatteryStatisticsData', { query: { plantUid, dateType: period.type, date: period.date }, silent: true })
    .then((data) => ({ ...data, dateType: period.type })), [plantUid, period]));
  const label = useCallback((f: (typeof ENERGY_FIELDS)[number]) => t(`energyStatistics.fields.${f}`), [t]);
  const energyRows = useMemo(() => toRows(energy.data?.items ?? [], ENERGY_FIELDS, label, (i) => bucketLabel(i.time, energy.data?.dateType ?? 'day')), [energy.data, label]);

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card title={t('battery.detail.now')} data-testid="battery-now-card">
          <CardState load={now} testId="battery-now" isEmpty={(d) => d.batteryNum === 0} emptyText={t('home.battery.empty')}>
            {(d) => (
              <BatteryNow soc={d.averageSoc} power={d.averageSoc === null ? null : d.batteryPower} state={batteriesState(d)} extra={(
                <Descriptions size="small" column={2}>
                  <Descriptions.Item label={t('home.battery.charging')}>{d.chargingNum}</Descriptions.Item>
                  <Descriptions.Item label={t('home.battery.discharging')}>{d.dischargingNum}</Descriptions.Item>
                  <Descriptions.Item label={t('home.battery.idle')}>{d.idleNum}</Descriptions.Item>
                  <Descriptions.Item label={t('home.battery.offline')}>{d.offlineNum}</Descriptions.Item>
                </Descriptions>
              )} />
            )}
          </CardState>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('battery.detail.curve')} data-testid="battery-curve-card"
          extra={<PeriodPicker value={day} onChange={setDay} today={today} types={['day']} testId="battery-curve-period" />}>
          <CardState load={curve} testId="battery-curve" isEmpty={(rows) => rows.every((r) => r.power === null && r.soc === null)} emptyText={t('battery.detail.noCurve')}>
            {(rows) => <SocPowerCurve rows={rows} socSteps powerName={t('monitoring.series.batteryPower')} socName={t('battery.fields.soc')} height={300} testId="battery-curve-chart" />}
          </CardState>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('battery.detail.energy')} data-testid="battery-energy-card"
          extra={<PeriodPicker value={period} onChange={setPeriod} today={today} testId="battery-energy-period" />}>
          <CardState load={energy} testId="battery-energy" isEmpty={(d) => d.batteryNum === 0 && d.batteryChargeEnergy === 0 && d.batteryDischargeEnergy === 0}
            emptyText={t('battery.detail.noEnergy')}>
            {(d) => (
              <BatteryEnergy charge={d.batteryChargeEnergy} discharge={d.batteryDischargeEnergy} rows={energyRows} />
            )}
          </CardState>
        </Card>
      </Col>
    </Row>
  );
}
