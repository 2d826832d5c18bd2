// The caller's report downloads (getReportDownloadList), newest first. Files are not kept: a
// record downloads again through exportPlantReport with its parameters, recomputed from the
// rollups, with the progress on its own button.
import { Alert, Button, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call, download } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/date-time';
import { useFileExport } from '@/custom/monitoring/file-export';
import { NotYet, isNotImplemented } from '@/custom/plant/components/not-yet';
import { usePage } from '@/custom/plant/components/use-page';
import { periodText } from './report-period';

type DownloadRecord = DataOf<'getReportDownloadList'>['list'][number];

function AgainButton({ record }: { record: DownloadRecord }) {
  const { t } = useTranslation();
  const { progress, notYet, run } = useFileExport((format, onDownloadProgress) => download('exportPlantReport', {
    query: { reportType: record.reportType, period: record.period, ...(record.endDate ? { endDate: record.endDate } : {}), ...(record.plantUid ? { plantUid: record.plantUid } : {}), format },
    silent: true, onDownloadProgress,
  }));
  const label = !progress ? t('reports.downloads.again')
    : 'percent' in progress ? t('common.exportingPercent', { percent: progress.percent }) : t('common.exportingKb', { kb: progress.kb });
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={Boolean(progress)} disabled={notYet} title={notYet ? t('reports.exportNotYet') : undefined}
      onClick={() => void run(record.format)} data-testid={`download-again-${record.id}`}>{label}</Button>
  );
}

export function DownloadRecords() {
  const { t, i18n } = useTranslation();
  const { page, loading, error, pagination } = usePage((q) => call('getReportDownloadList', { query: q, silent: true }), {});
  if (isNotImplemented(error)) return <NotYet text={t('reports.downloads.notYet')} testId="report-downloads-not-yet" />;
  return (
    <>
      {error !== undefined && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <Table<DownloadRecord> rowKey="id" size="small" loading={loading} dataSource={page.list} pagination={pagination} data-testid="report-downloads"
        locale={{ emptyText: t('reports.downloads.empty') }} columns={[
          { key: 'createTime', dataIndex: 'createTime', title: t('reports.downloads.time'), render: (v: string) => formatDateTime(v, { lang: i18n.language }) },
          { key: 'plantName', dataIndex: 'plantName', title: t('battery.fields.plant'), render: (v: string | null) => v ?? t('reports.downloads.allPlants') },
          { key: 'reportType', dataIndex: 'reportType', title: t('reports.type'), render: (v: string) => t(`reports.types.${v}`) },
          { key: 'period', title: t('reports.period'), render: (_: unknown, r) => periodText(r) },
          { key: 'format', dataIndex: 'format', title: t('reports.downloads.format'), render: (v: string) => <Tag>{v.toUpperCase()}</Tag> },
          { key: 'rowCount', dataIndex: 'rowCount', title: t('reports.downloads.rows'), align: 'right' },
          { key: 'fileName', dataIndex: 'fileName', title: t('reports.downloads.file') },
          { key: 'again', render: (_: unknown, r) => <AgainButton record={r} /> },
        ]} />
    </>
  );
}
