// The totals of one report: the six energies on the Wh..GWh ladder, the two rates (defined in
// plant-report.schema.json), and income, CO2 avoided, equivalent hours and peak power when given.
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@/api/contract-types';
import { formatEnergy, formatMass, formatPower } from '@/lib/units';
import { ENERGY_FIELDS, formatRate } from '@/custom/monitoring/energy-figures';

export type Report = DataOf<'getOnePlantReport'>;

export function ReportFigures({ report }: { report: Report }) {
  const { t } = useTranslation();
  const optional = [
    report.income !== undefined && { key: 'income', title: t('reports.fields.income'), value: `${Number(report.income.toFixed(2))} ${report.currencyName ?? ''}`.trim() },
    report.co2Reduction !== undefined && { key: 'co2Reduction', title: t('monitoring.energy.co2'), value: formatMass(report.co2Reduction) },
    report.equivalentHours !== undefined && { key: 'equivalentHours', title: t('reports.fields.equivalentHours'), value: `${Number(report.equivalentHours.toFixed(2))} h` },
    // peakPower is in kW; the ladder takes W.
    report.peakPower !== undefined && { key: 'peakPower', title: t('reports.fields.peakPower'), value: formatPower(report.peakPower * 1000) },
  ].filter((x) => x !== false);
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="report-figures">
      {ENERGY_FIELDS.map((field) => (
        <Col key={field} xs={12} md={8} xl={4}>
          <Statistic title={t(`energyStatistics.fields.${field}`)} value={formatEnergy(report[field])} valueStyle={{ fontSize: 20 }} data-testid={`report-${field}`} />
        </Col>
      ))}
      {(['selfConsumptionRate', 'selfSufficiencyRate'] as const).map((rate) => (
        <Col key={rate} xs={12} md={8} xl={4}>
          <Statistic title={t(`energyStatistics.fields.${rate}`)} value={formatRate(report[rate])} valueStyle={{ fontSize: 20 }} data-testid={`report-${rate}`} />
        </Col>
      ))}
      {optional.map((f) => (
        <Col key={f.key} xs={12} md={8} xl={4}>
          <Statistic title={f.title} value={f.value} valueStyle={{ fontSize: 20 }} data-testid={`report-${f.key}`} />
        </Col>
      ))}
    </Row>
  );
}
