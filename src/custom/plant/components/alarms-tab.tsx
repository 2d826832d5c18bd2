// The plant's alarms (alarmEventPage filtered by the plant). Alarms are raised from telemetry;
// until the server answers the operation, the tab says so instead of showing an error.
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatDateTime, withZone } from '@/lib/date-time';
import { usePage } from './use-page';
import { NotYet, isNotImplemented } from './not-yet';

type Alarm = DataOf<'alarmEventPage'>['list'][number];

/** `timeZone`: the plant's, in which the alarms' times are shown. */
export function AlarmsTab({ plantUid, timeZone }: { plantUid: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const { page, loading, error, pagination } = usePage((q) => call('alarmEventPage', { query: q, silent: true }), { plantUid });
  if (isNotImplemented(error)) return <NotYet text={t('plant.notYet.alarms')} testId="alarms-not-yet" />;
  return (
    <>
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} style={{ marginBottom: 16 }} />}
      <Table<Alarm> rowKey="id" loading={loading} dataSource={page.list} pagination={pagination} columns={[
        { key: 'alarmName', dataIndex: 'alarmName', title: t('plant.alarms.alarmName') },
        { key: 'deviceSn', dataIndex: 'deviceSn', title: t('plant.alarms.deviceSn') },
        { key: 'level', dataIndex: 'level', title: t('plant.alarms.level') },
        { key: 'alarmStartTime', dataIndex: 'alarmStartTime', title: withZone(t('plant.alarms.alarmStartTime'), timeZone),
          render: (v: string) => formatDateTime(v, { lang: i18n.language, timeZone }) },
      ]} />
    </>
  );
}
