// The alarm centre's list (userAlarmPage with the page's filters): level and state as tags, the
// name opening the alarm's detail, Manual close per row and Close for the selected rows (alarms
// already closed cannot be selected).
import { App, Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { formatDateTime } from '@/lib/date-time';
import { useMayCall } from '@/custom/shell/use-may-call';
import { LevelTag, StateTag } from './alarm-labels';

export type Alarm = DataOf<'userAlarmPage'>['list'][number];

interface Props {
  rows: Alarm[];
  loading: boolean;
  pagination: object;
  deviceTypeName(type: number): string;
  onOpen(alarm: Alarm): void;
  onManualClose(alarm: Alarm): void;
  onChanged(): void;
}

export function AlarmTable({ rows, loading, pagination, deviceTypeName, onOpen, onManualClose, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [closing, setClosing] = useState(false);
  const mayClose = useMayCall('closeAlarm');
  const mayCloseByHand = useMayCall('manualCloseAlarm');
  const time = (v: string | null | undefined) => formatDateTime(v, { lang: i18n.language });

  const closeSelected = async () => {
    setClosing(true);
    try {
      const { closedNum } = await call('closeAlarm', { body: { ids: selected.join(',') } });
      void message.success(t('alarmCentre.closedMany', { count: closedNum }));
      setSelected([]);
      onChanged();
    } catch {
      // The client has shown the refusal.
    } finally {
      setClosing(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {mayClose && (
        <Popconfirm title={t('alarmCentre.closeConfirm', { count: selected.length })} okText={t('common.confirm')} cancelText={t('common.cancel')}
          onConfirm={() => void closeSelected()} disabled={selected.length === 0}>
          <Button disabled={selected.length === 0} loading={closing} data-testid="alarm-close-selected">
            {t('alarmCentre.closeSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      )}
      <Table<Alarm> rowKey="id" loading={loading} dataSource={rows} pagination={pagination} scroll={{ x: 1100 }} data-testid="alarm-table"
        rowSelection={mayClose ? {
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (row) => ({ disabled: row.state === 3, 'aria-label': t('alarmCentre.select', { name: row.alarmName, sn: row.deviceSn }) }),
        } : undefined}
        columns={[
          { key: 'alarmName', dataIndex: 'alarmName', title: t('alarmCentre.fields.alarmName'),
            render: (name: string, row) => <Typography.Link onClick={() => onOpen(row)} data-testid="alarm-open">{name}</Typography.Link> },
          { key: 'level', dataIndex: 'level', title: t('alarmCentre.fields.level'), render: (level: Alarm['level']) => <LevelTag level={level} /> },
          { key: 'state', dataIndex: 'state', title: t('alarmCentre.fields.state'), render: (state: Alarm['state']) => <StateTag state={state} /> },
          { key: 'deviceSn', dataIndex: 'deviceSn', title: t('alarmCentre.fields.deviceSn') },
          { key: 'deviceType', dataIndex: 'deviceType', title: t('alarmCentre.fields.deviceType'), render: (type: number) => deviceTypeName(type) },
          { key: 'plantName', dataIndex: 'plantName', title: t('alarmCentre.fields.plantName') },
          { key: 'alarmStartTime', dataIndex: 'alarmStartTime', title: t('alarmCentre.fields.alarmStartTime'), render: time },
          { key: 'alarmUpdateTime', dataIndex: 'alarmUpdateTime', title: t('alarmCentre.fields.alarmUpdateTime'), render: time },
          { key: 'occurrenceNum', dataIndex: 'occurrenceNum', title: t('alarmCentre.fields.occurrenceNum'), render: (n?: number) => n ?? 1 },
          { key: 'actions', title: t('common.actions.title'), fixed: 'right', width: 180, render: (_: unknown, row) => (
            <Space style={{ whiteSpace: 'nowrap' }}>
              <Typography.Link onClick={() => onOpen(row)}>{t('common.actions.show')}</Typography.Link>
              {mayCloseByHand && row.state !== 3 && (
                <Typography.Link type="danger" onClick={() => onManualClose(row)} data-testid="alarm-row-manual-close">{t('alarmCentre.manualClose')}</Typography.Link>
              )}
            </Space>
          ) },
        ]} />
    </Space>
  );
}
