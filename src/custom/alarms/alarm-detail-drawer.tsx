// One alarm's detail (getAlarmInfo) with its history (alarmEventPage of that alarm): raised,
// reported again, recovered and closed, with who closed it and why. An alarm that is not closed
// can be closed by hand from here. `version` changes when the alarm may have changed (a live
// alarm event, a close elsewhere), and both are read again.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/date-time';
import { usePage } from '@/custom/plant/components/use-page';
import { useMayCall } from '@/custom/shell/use-may-call';
import { LevelTag, StateTag } from './alarm-labels';
import { ManualCloseDialog } from './manual-close-dialog';

type Alarm = DataOf<'getAlarmInfo'>;
type AlarmEvent = DataOf<'alarmEventPage'>['list'][number];

export function AlarmDetailDrawer({ alarmId, version = 0, onClose, onChanged }: { alarmId: number; version?: number; onClose(): void; onChanged?(): void }) {
  const { t, i18n } = useTranslation();
  const [alarm, setAlarm] = useState<Alarm>();
  const [error, setError] = useState<unknown>();
  const [closing, setClosing] = useState(false);
  const [own, setOwn] = useState(0);
  const mayClose = useMayCall('manualCloseAlarm');
  // `reread` only keys the page's reload; it is not a parameter of the call.
  const events = usePage(({ reread: _reread, ...query }) => call('alarmEventPage', { query, silent: true }), { alarmId, reread: version + own });
  const time = useCallback((v: string | null | undefined) => formatDateTime(v, { lang: i18n.language }), [i18n.language]);

  useEffect(() => {
    let live = true;
    call('getAlarmInfo', { query: { id: alarmId }, silent: true }).then((data) => {
      if (!live) return;
      setAlarm(data);
      setError(undefined);
    }, (failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [alarmId, version, own]);

  const closed = () => {
    setClosing(false);
    setOwn((v) => v + 1);
    onChanged?.();
  };

  return (
    <Drawer open width={640} title={alarm?.alarmName ?? t('alarmCentre.detail')} onClose={onClose} data-testid="alarm-drawer"
      extra={alarm && alarm.state !== 3 && mayClose && (
        <Button danger onClick={() => setClosing(true)} data-testid="alarm-manual-close">{t('alarmCentre.manualClose')}</Button>
      )}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
        {alarm && (
          <Descriptions column={2} size="small" bordered data-testid="alarm-info">
            <Descriptions.Item label={t('alarmCentre.fields.level')}><LevelTag level={alarm.level} /></Descriptions.Item>
            <Descriptions.Item label={t('alarmCentre.fields.state')}><StateTag state={alarm.state} /></Descriptions.Item>
            <Descriptions.Item label={t('alarmCentre.fields.deviceSn')}>{alarm.deviceSn}{alarm.deviceAlias ? ` (${alarm.deviceAlias})` : ''}</Descriptions.Item>
            <Descriptions.Item label={t('alarmCentre.fields.plantName')}>{alarm.plantName}</Descriptions.Item>
            <Descriptions.Item label={t('alarmCentre.fields.alarmStartTime')}>{time(alarm.alarmStartTime)}</Descriptions.Item>
            <Descriptions.Item label={t('alarmCentre.fields.alarmUpdateTime')}>{time(alarm.alarmUpdateTime)}</Descriptions.Item>
            <Descriptions.Item label={t('alarmCentre.fields.alarmEndTime')}>{time(alarm.alarmEndTime)}</Descriptions.Item>
            <Descriptions.Item label={t('alarmCentre.fields.occurrenceNum')}>{alarm.occurrenceNum ?? 1}</Descriptions.Item>
            {alarm.alarmCode !== undefined && <Descriptions.Item label={t('alarmCentre.fields.alarmCode')} span={2}>{alarm.alarmCode}</Descriptions.Item>}
            {alarm.alarmDescription && <Descriptions.Item label={t('alarmCentre.fields.alarmDescription')} span={2}>{alarm.alarmDescription}</Descriptions.Item>}
            {alarm.suggestion && <Descriptions.Item label={t('alarmCentre.fields.suggestion')} span={2}>{alarm.suggestion}</Descriptions.Item>}
            {alarm.closeUserName && <Descriptions.Item label={t('alarmCentre.fields.closeUserName')}>{alarm.closeUserName}</Descriptions.Item>}
            {alarm.closeRemark && <Descriptions.Item label={t('alarmCentre.fields.closeRemark')}>{alarm.closeRemark}</Descriptions.Item>}
          </Descriptions>
        )}
        <Table<AlarmEvent> rowKey="id" size="small" loading={events.loading} dataSource={events.page.list} pagination={events.pagination}
          title={() => t('alarmCentre.history')} data-testid="alarm-events" columns={[
            { key: 'eventTime', dataIndex: 'eventTime', title: t('alarmCentre.fields.eventTime'), render: (v: string) => time(v) },
            { key: 'eventType', dataIndex: 'eventType', title: t('alarmCentre.fields.eventType'), render: (v: AlarmEvent['eventType']) => t(`alarmCentre.event.${v}`) },
            { key: 'operatorName', dataIndex: 'operatorName', title: t('alarmCentre.fields.operatorName'), render: (v: string | null) => v ?? '' },
            { key: 'remark', dataIndex: 'remark', title: t('alarmCentre.fields.remark'), render: (v: string | null) => v ?? '' },
          ]} />
      </Space>
      {closing && alarm && <ManualCloseDialog alarm={alarm} onClose={() => setClosing(false)} onClosed={closed} />}
    </Drawer>
  );
}
