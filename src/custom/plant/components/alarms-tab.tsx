// The plant's alarms (userAlarmPage filtered by the plant), newest first, with their level and
// state; an alarm's name opens its detail with the history. A live alarm event reads them again.
import { useCallback, useState } from 'react';
import { Alert, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatDateTime, withZone } from '@/lib/date-time';
import { AlarmDetailDrawer } from '@/custom/alarms/alarm-detail-drawer';
import { LevelTag, StateTag } from '@/custom/alarms/alarm-labels';
import { listBody } from '@/custom/alarms/alarm-query';
import { useAlarmVersion } from '@/custom/shell/live-alarms';
import { usePage } from './use-page';

type Alarm = DataOf<'userAlarmPage'>['list'][number];

/** `timeZone`: the plant's, in which the alarms' times are shown. */
export function AlarmsTab({ plantUid, timeZone }: { plantUid: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const [own, setOwn] = useState(0);
  const reread = useAlarmVersion() + own;
  const changed = useCallback(() => setOwn((v) => v + 1), []);
  const [opened, setOpened] = useState<number>();
  const { page, loading, error, pagination } = usePage(({ reread: _reread, pageNo, pageSize, ...filters }) =>
    call('userAlarmPage', { query: { pageNo, pageSize }, body: listBody(filters), silent: true }), { plantUid, reread });
  const time = (v: string | null | undefined) => formatDateTime(v, { lang: i18n.language, timeZone });
  return (
    <>
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} style={{ marginBottom: 16 }} />}
      <Table<Alarm> rowKey="id" loading={loading} dataSource={page.list} pagination={pagination} data-testid="plant-alarms" columns={[
        { key: 'alarmName', dataIndex: 'alarmName', title: t('plant.alarms.alarmName'),
          render: (name: string, row) => <Typography.Link onClick={() => setOpened(row.id)}>{name}</Typography.Link> },
        { key: 'level', dataIndex: 'level', title: t('plant.alarms.level'), render: (level: Alarm['level']) => <LevelTag level={level} /> },
        { key: 'state', dataIndex: 'state', title: t('alarmCentre.fields.state'), render: (state: Alarm['state']) => <StateTag state={state} /> },
        { key: 'deviceSn', dataIndex: 'deviceSn', title: t('plant.alarms.deviceSn') },
        { key: 'alarmStartTime', dataIndex: 'alarmStartTime', title: withZone(t('plant.alarms.alarmStartTime'), timeZone), render: time },
        { key: 'alarmUpdateTime', dataIndex: 'alarmUpdateTime', title: withZone(t('alarmCentre.fields.alarmUpdateTime'), timeZone), render: time },
      ]} />
      {opened !== undefined && <AlarmDetailDrawer alarmId={opened} version={reread} onClose={() => setOpened(undefined)} onChanged={changed} />}
    </>
  );
}
