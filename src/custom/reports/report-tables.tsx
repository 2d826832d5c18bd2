// The breakdown of a report as tables: by time (its items, hours, days or months) and by device
// (its devices), each energy on the Wh..GWh ladder and sortable.
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEnergy } from '@/lib/units';
import { ENERGY_FIELDS, type EnergyField } from '@/custom/monitoring/energy-figures';
import type { Report } from './report-figures';

type Item = NonNullable<Report['items']>[number];
type Device = NonNullable<Report['devices']>[number];

function energyColumns<T extends Record<EnergyField, number>>(t: (key: string) => string) {
  return ENERGY_FIELDS.map((field) => ({
    key: field, dataIndex: field, title: t(`energyStatistics.fields.${field}`), align: 'right' as const,
    sorter: (a: T, b: T) => a[field] - b[field],
    render: (v: number) => formatEnergy(v),
  }));
}

export function ItemsTable({ report }: { report: Report }) {
  const { t } = useTranslation();
  const items = report.items ?? [];
  const withIncome = items.some((i) => i.income !== undefined);
  return (
    <Table<Item> size="small" rowKey="time" dataSource={items} pagination={false} scroll={{ x: 'max-content' }} data-testid="report-items" columns={[
      { key: 'time', dataIndex: 'time', title: t('energyStatistics.fields.time') },
      ...energyColumns<Item>(t),
      ...(withIncome ? [{ key: 'income', dataIndex: 'income', title: `${t('reports.fields.income')}${report.currencyName ? ` (${report.currencyName})` : ''}`, align: 'right' as const,
        render: (v: number | undefined) => (v === undefined ? '–' : Number(v.toFixed(2))) }] : []),
    ]} />
  );
}

export function DevicesTable({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <Table<Device> size="small" rowKey="deviceSn" dataSource={report.devices ?? []} pagination={false} scroll={{ x: 'max-content' }} data-testid="report-devices"
      locale={{ emptyText: t('reports.noDevices') }} columns={[
        { key: 'deviceSn', dataIndex: 'deviceSn', title: t('plant.devices.sn') },
        { key: 'alias', dataIndex: 'alias', title: t('plant.devices.alias'), render: (v: string | null | undefined) => v ?? '–' },
        { key: 'deviceType', dataIndex: 'deviceType', title: t('plant.devices.type'), render: (v: number) => t(`scannedDevice.enums.snType.${v}`) },
        ...energyColumns<Device>(t),
      ]} />
  );
}
