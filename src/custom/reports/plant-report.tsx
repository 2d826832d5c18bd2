// One plant's report (getOnePlantReport): a day, month, year or custom range in the plant's
// calendar, its totals, and its breakdown by time (chart and table) or by device; the file of the
// same report as XLSX or CSV (exportPlantReport, which also keeps a download record). Until the
// server answers the operation, the view shows the not-yet state instead of an error.
import { useCallback, useMemo, useState } from 'react';
import { Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, download } from '@/api/client';
import { EnergyColumns } from '@/custom/charts/energy-columns';
import { toRows } from '@/custom/charts/rows';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { todayIn } from '@/custom/monitoring/period';
import { ENERGY_FIELDS } from '@/custom/monitoring/energy-figures';
import { ExportButtons, useFileExport } from '@/custom/monitoring/file-export';
import { NotYet } from '@/custom/plant/components/not-yet';
import { ReportControls } from './report-controls';
import { ReportFigures, type Report } from './report-figures';
import { DevicesTable, ItemsTable } from './report-tables';
import { itemLabel, reportQuery, type ReportPeriod } from './report-period';

const CHART_FIELDS = ['pvEnergy', 'loadEnergy', 'gridImportEnergy', 'gridExportEnergy'] as const;
type View = 'time' | 'device';

/** A report without any energy (a period before the plant's first data answers zeros). */
const isEmptyReport = (r: Report) => ENERGY_FIELDS.every((f) => r[f] === 0);

export function PlantReport({ plantUid, timeZone }: { plantUid: string; timeZone?: string }) {
  const { t } = useTranslation();
  const today = todayIn(timeZone);
  const [period, setPeriod] = useState<ReportPeriod>({ type: 'month', date: today, endDate: today });
  const [view, setView] = useState<View>('time');
  const load = useLoad(useCallback(() => call('getOnePlantReport', { query: { plantUid, ...reportQuery(period) }, silent: true }), [plantUid, period]));
  const exporter = useFileExport((format, onDownloadProgress) =>
    download('exportPlantReport', { query: { plantUid, ...reportQuery(period), format }, silent: true, onDownloadProgress }));
  const label = useCallback((f: (typeof CHART_FIELDS)[number]) => t(`energyStatistics.fields.${f}`), [t]);
  // Labels follow the answer's own type: the previous answer stays shown while the next one loads.
  const rows = useMemo(() => (load.data ? toRows(load.data.items ?? [], CHART_FIELDS, label, (i) => itemLabel(i.time, load.data!.reportType)) : []), [load.data, label]);

  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <ReportControls value={period} onChange={setPeriod} today={today} testId="report-period" />
        <Space wrap>
          <Segmented<View> value={view} onChange={setView} data-testid="report-view"
            options={[{ value: 'time', label: t('reports.byTime') }, { value: 'device', label: t('reports.byDevice') }]} />
          <ExportButtons exporter={exporter} disabled={load.notYet} testId="report-export" />
        </Space>
      </Space>
      {exporter.notYet && <NotYet text={t('reports.exportNotYet')} testId="report-export-not-yet" />}
      <CardState load={load} testId="reports" isEmpty={isEmptyReport} emptyText={t('reports.empty')} notYetText={t('plant.notYet.reports')}>
        {(report) => (
          <>
            <ReportFigures report={report} />
            {view === 'time' ? (
              <>
                <EnergyColumns rows={rows} testId="report-chart" />
                <ItemsTable report={report} />
              </>
            ) : <DevicesTable report={report} />}
          </>
        )}
      </CardState>
    </>
  );
}
