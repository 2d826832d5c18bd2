// The battery detail of one device (getPvMeterData): its latest reading of today, and for a chosen
// day its power and state of charge record by record, with the day's charge and discharge per
// hour from its lifetime counters (battery-series.ts). Longer periods exist per plant only.
import { useCallback, useMemo, useState } from 'react';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatDateTime, withZone } from '@/lib/date-time';
import { SocPowerCurve } from '@/custom/charts/soc-power-curve';
import { toRows } from '@/custom/charts/rows';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { PeriodPicker, type Period } from '@/custom/monitoring/period-picker';
import { batteryState } from '@/custom/plant/flow/flow-model';
import { BatteryEnergy } from './battery-energy';
import { BatteryNow } from './battery-now';
import type { BatteriesState } from './battery-state';
import { deviceCurveRows, hourlyEnergy, latestReading } from './battery-series';

const ENERGY_FIELDS = ['batteryChargeEnergy', 'batteryDischargeEnergy'] as const;

export function DeviceBatteryView({ deviceSn, timeZone, today }: { deviceSn: string; timeZone?: string; today: string }) {
  const { t, i18n } = useTranslation();
  const now = useLoad(useCallback(() => call('getPvMeterData', { query: { deviceSn, date: today }, silent: true }).then((d) => latestReading(d.points) ?? null), [deviceSn, today]));

  const [day, setDay] = useState<Period>({ type: 'day', date: today });
  const data = useLoad(useCallback(() => call('getPvMeterData', { query: { deviceSn, date: day.date }, silent: true }), [deviceSn, day.date]));
  const curve = useMemo(() => (data.data ? deviceCurveRows(data.data.points, timeZone) : []), [data.data, timeZone]);
  const hours = useMemo(() => (data.data ? hourlyEnergy(data.data.points, timeZone) : []), [data.data, timeZone]);
  const label = useCallback((f: (typeof ENERGY_FIELDS)[number]) => t(`energyStatistics.fields.${f}`), [t]);
  const energyRows = useMemo(() => toRows(hours, ENERGY_FIELDS, label, (h) => h.time), [hours, label]);
  const sum = (f: (typeof ENERGY_FIELDS)[number]) => hours.reduce((s, h) => s + h[f], 0);

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card title={t('battery.detail.now')} data-testid="battery-now-card">
          <CardState load={now} testId="battery-now" isEmpty={(r) => r === null} emptyText={t('battery.detail.noReading')}>
            {(r) => {
              const state: BatteriesState = r!.power === null ? 'offline' : (batteryState(r!.power) as BatteriesState);
              return <BatteryNow soc={r!.soc} power={r!.power} state={state}
                extra={<Typography.Text type="secondary">{t('battery.detail.readAt', { time: withZone(formatDateTime(r!.time, { lang: i18n.language, timeZone }), timeZone) })}</Typography.Text>} />;
            }}
          </CardState>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('battery.detail.curve')} data-testid="battery-curve-card"
          extra={<PeriodPicker value={day} onChange={setDay} today={today} types={['day']} testId="battery-curve-period" />}>
          <CardState load={data} testId="battery-curve" isEmpty={() => curve.every((r) => r.power === null && r.soc === null)} emptyText={t('battery.detail.noCurve')}>
            {() => (
              <>
                <SocPowerCurve rows={curve} powerName={t('monitoring.series.batteryPower')} socName={t('battery.fields.soc')} height={300} testId="battery-curve-chart" />
                <Typography.Title level={5} style={{ marginTop: 16 }}>{t('battery.detail.hourly')}</Typography.Title>
                <BatteryEnergy charge={sum('batteryChargeEnergy')} discharge={sum('batteryDischargeEnergy')} rows={energyRows} />
              </>
            )}
          </CardState>
        </Card>
      </Col>
    </Row>
  );
}
