// One device's stored measurements of a date range, newest first, a page at a time
// (pagePvMeterData); only the columns the page's records report, values on the units.ts ladders,
// times in the plant's time zone.
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { NotYet, isNotImplemented } from '../components/not-yet';
import { usePage } from '../components/use-page';
import { formatDateTime, withZone } from '@/lib/date-time';
import { formatMeasurement, reportedFields, type Measurement } from './measurements';

export interface Range {
  queryStartDate: string;
  queryEndDate: string;
}

export function MeasurementsTable({ deviceSn, range, timeZone }: { deviceSn: string; range: Range; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const { page, loading, error, pagination } = usePage((q) => call('pagePvMeterData', { query: q, silent: true }), { deviceSn, ...range });
  if (isNotImplemented(error)) return <NotYet text={t('pvData.notYet')} testId="pv-data-not-yet" />;
  return (
    <>
      {error !== undefined && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="pv-data-error"
          message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />
      )}
      <Table<Measurement> rowKey="time" size="small" loading={loading} dataSource={page.list} pagination={pagination} scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('pvData.empty') }} data-testid="pv-data-table" columns={[
          { key: 'time', dataIndex: 'time', title: withZone(t('pvData.fields.time'), timeZone), fixed: 'left', render: (v: string) => formatDateTime(v, { lang: i18n.language, timeZone }) },
          ...reportedFields(page.list).map(([field, kind]) => ({
            key: field, dataIndex: field, title: t(`pvData.fields.${field}`), align: 'right' as const,
            render: (v: number | null | undefined) => formatMeasurement(kind, v),
          })),
        ]} />
    </>
  );
}
