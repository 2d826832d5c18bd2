// The batteries in scope (getHomeBatteryStatisticsData, today): the mean state of charge of the
// online ones, their summed power and whether they charge or discharge, how many are in each
// state, and today's charge and discharge energy.
import { useCallback } from 'react';
import { Card, Col, Descriptions, Progress, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatEnergy, formatPower } from '@/lib/units';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { batteryState } from '@/custom/plant/flow/flow-model';

export function BatteryCard({ plantUid, today }: { plantUid?: string; today: string }) {
  const { t } = useTranslation();
  const load = useLoad(useCallback(() => call('getHomeBatteryStatisticsData', {
    query: { ...(plantUid ? { plantUid } : {}), dateType: 'day', date: today }, silent: true,
  }), [plantUid, today]));
  return (
    <Card title={t('home.battery.title')} data-testid="battery-card" style={{ height: '100%' }}>
      <CardState load={load} testId="battery" isEmpty={(d) => d.batteryNum === 0} emptyText={t('home.battery.empty')}>
        {(d) => (
          <>
            <Row gutter={16} align="middle">
              <Col span={12} style={{ textAlign: 'center' }}>
                <Progress type="dashboard" size={110} percent={d.averageSoc ?? 0} status={d.averageSoc === null ? 'exception' : 'normal'}
                  format={() => <span data-testid="battery-soc">{d.averageSoc === null ? '–' : `${Number(d.averageSoc.toFixed(1))} %`}</span>} />
                <div><Typography.Text type="secondary">{t('home.battery.soc')}</Typography.Text></div>
              </Col>
              <Col span={12}>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="battery-power">{formatPower(Math.abs(d.batteryPower))}</Typography.Title>
                <Typography.Text type="secondary" data-testid="battery-state">{t(`energyFlow.states.${batteryState(d.batteryPower)}`)}</Typography.Text>
              </Col>
            </Row>
            <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
              <Descriptions.Item label={t('home.battery.charging')}>{d.chargingNum}</Descriptions.Item>
              <Descriptions.Item label={t('home.battery.discharging')}>{d.dischargingNum}</Descriptions.Item>
              <Descriptions.Item label={t('home.battery.idle')}>{d.idleNum}</Descriptions.Item>
              <Descriptions.Item label={t('home.battery.offline')}>{d.offlineNum}</Descriptions.Item>
              <Descriptions.Item label={t('home.battery.chargedToday')}><span data-testid="battery-charged">{formatEnergy(d.batteryChargeEnergy)}</span></Descriptions.Item>
              <Descriptions.Item label={t('home.battery.dischargedToday')}><span data-testid="battery-discharged">{formatEnergy(d.batteryDischargeEnergy)}</span></Descriptions.Item>
            </Descriptions>
          </>
        )}
      </CardState>
    </Card>
  );
}
