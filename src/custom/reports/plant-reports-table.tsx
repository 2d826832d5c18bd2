// The statistics by plant (getPlantReportList): every plant in scope with its figures of one day,
// month, year or custom range, searched by name and sorted by the server, and the same list as an
// XLSX or CSV file (exportPlantReport without a plant). A plant opens its own Reports tab.
import { useState } from 'react';
import { Alert, Input, Space, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, call, download } from '@/api/client';
import type { DataOf, QueryOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatCapacity, formatEnergy } from '@/lib/units';
import { formatRate } from '@/custom/monitoring/energy-figures';
import { todayIn } from '@/custom/monitoring/period';
import { ExportButtons, useFileExport } from '@/custom/monitoring/file-export';
import { NotYet, isNotImplemented } from '@/custom/plant/components/not-yet';
import { usePage } from '@/custom/plant/components/use-page';
import { plantPath } from '@/custom/plant/paths';
import { ReportControls } from './report-controls';
import { reportQuery, type ReportPeriod } from './report-period';

type Row = DataOf<'getPlantReportList'>['list'][number];
type Sort = Pick<QueryOf<'getPlantReportList'>, 'sortField' | 'sortOrder'>;
type SortField = NonNullable<Sort['sortField']>;

export function PlantReportsTable() {
  const { t } = useTranslation();
  // Several plants may keep several calendars: the browser's today bounds the pickers.
  const today = todayIn();
  const [period, setPeriod] = useState<ReportPeriod>({ type: 'month', date: today, endDate: today });
  const [plantName, setPlantName] = useState('');
  const [sort, setSort] = useState<Sort>({});
  const filters = { ...reportQuery(period), ...(plantName ? { plantName } : {}), ...sort };
  const { page, loading, error, pagination } = usePage((q) => call('getPlantReportList', { query: q, silent: true }), filters);
  const exporter = useFileExport((format, onDownloadProgress) => download('exportPlantReport', { query: { ...filters, format }, silent: true, onDownloadProgress }));

  const energy = (field: 'pvEnergy' | 'loadEnergy' | 'gridImportEnergy' | 'gridExportEnergy' | 'batteryChargeEnergy' | 'batteryDischargeEnergy', sortable = false) => ({
    key: field, dataIndex: field, title: t(`energyStatistics.fields.${field}`), align: 'right' as const, sorter: sortable, render: (v: number) => formatEnergy(v),
  });
  if (isNotImplemented(error)) return <NotYet text={t('plant.notYet.reports')} testId="plant-reports-not-yet" />;
  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <ReportControls value={period} onChange={setPeriod} today={today} testId="plant-reports-period" />
          <Input.Search allowClear placeholder={t('reports.plantName')} onSearch={(v) => setPlantName(v.trim())} style={{ width: 220 }} />
        </Space>
        <ExportButtons exporter={exporter} testId="plant-reports-export" />
      </Space>
      {exporter.notYet && <NotYet text={t('reports.exportNotYet')} testId="plant-reports-export-not-yet" />}
      {error !== undefined && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <Table<Row> rowKey="plantUid" size="small" loading={loading} dataSource={page.list} scroll={{ x: 'max-content' }} data-testid="plant-reports-table"
        pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }}
        onChange={(_, __, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(one?.order ? { sortField: one.columnKey as SortField, sortOrder: one.order === 'ascend' ? 'asc' : 'desc' } : {});
        }}
        columns={[
          { key: 'plantName', dataIndex: 'plantName', title: t('battery.fields.plant'), sorter: true,
            render: (name: string, r) => <Link to={plantPath(r.plantUid, 'reports')}>{name}</Link> },
          { key: 'systemPower', dataIndex: 'systemPower', title: t('plant.fields.systemPower'), align: 'right', render: (v?: number) => (v === undefined ? '–' : formatCapacity(v)) },
          energy('pvEnergy', true), energy('loadEnergy', true), energy('gridImportEnergy'), energy('gridExportEnergy'), energy('batteryChargeEnergy'), energy('batteryDischargeEnergy'),
          { key: 'selfConsumptionRate', dataIndex: 'selfConsumptionRate', title: t('energyStatistics.fields.selfConsumptionRate'), align: 'right', render: (v: number) => formatRate(v) },
          { key: 'equivalentHours', dataIndex: 'equivalentHours', title: t('reports.fields.equivalentHours'), align: 'right', sorter: true,
            render: (v?: number) => (v === undefined ? '–' : `${Number(v.toFixed(2))} h`) },
          { key: 'income', dataIndex: 'income', title: t('reports.fields.income'), align: 'right', sorter: true,
            render: (v: number | undefined, r) => (v === undefined ? '–' : `${Number(v.toFixed(2))} ${r.currencyName ?? ''}`.trim()) },
        ]} />
    </>
  );
}
