// A battery's charge and discharge energy with their chart: the same block on the plant's and the
// device's battery detail.
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEnergy } from '@/lib/units';
import { EnergyColumns } from '@/custom/charts/energy-columns';
import type { SeriesRow } from '@/custom/charts/rows';

export function BatteryEnergy({ charge, discharge, rows }: { charge: number; discharge: number; rows: SeriesRow[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={16}>
        <Col xs={12} md={6}><Statistic title={t('energyStatistics.fields.batteryChargeEnergy')} value={formatEnergy(charge)} data-testid="battery-energy-charge" /></Col>
        <Col xs={12} md={6}><Statistic title={t('energyStatistics.fields.batteryDischargeEnergy')} value={formatEnergy(discharge)} data-testid="battery-energy-discharge" /></Col>
      </Row>
      <EnergyColumns rows={rows} testId="battery-energy-chart" />
    </>
  );
}
