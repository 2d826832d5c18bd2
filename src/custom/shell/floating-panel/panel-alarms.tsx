// The panel's alarm tab: the 3 newest untreated alarms that started in the last 3 days
// (userAlarmPage), each opening its detail, and the way to the alarm centre for the rest (which
// closes the tab, so that it does not cover the page it opens).
import { useEffect, useState } from 'react';
import { Alert, Button, Empty, List, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatDateTime, todayIn } from '@/lib/date-time';
import { AlarmDetailDrawer } from '@/custom/alarms/alarm-detail-drawer';
import { LevelTag } from '@/custom/alarms/alarm-labels';
import { ALARM_CENTRE_PATH } from '@/custom/alarms/paths';
import { panelAlarmRequest } from './panel-rules';

type Alarm = DataOf<'userAlarmPage'>['list'][number];

export function PanelAlarms({ version, onChanged, onLeave }: { version: number; onChanged(): void; onLeave(): void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [alarms, setAlarms] = useState<Alarm[]>();
  const [error, setError] = useState<unknown>();
  const [opened, setOpened] = useState<number>();
  useEffect(() => {
    let live = true;
    call('userAlarmPage', { ...panelAlarmRequest(todayIn()), silent: true }).then((page) => {
      if (!live) return;
      setAlarms(page.list);
      setError(undefined);
    }, (failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [version]);
  const time = (v: string) => formatDateTime(v, { lang: i18n.language });
  return (
    <div data-testid="panel-alarms" data-loaded={alarms !== undefined || error !== undefined}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
        <List<Alarm> size="small" loading={alarms === undefined && error === undefined} dataSource={alarms ?? []} data-testid="panel-alarm-list"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('floatingPanel.noAlarms')} /> }}
          renderItem={(alarm) => (
            <List.Item data-testid="panel-alarm">
              <List.Item.Meta
                title={<Space size={4} wrap><LevelTag level={alarm.level} /><Typography.Link onClick={() => setOpened(alarm.id)}>{alarm.alarmName}</Typography.Link></Space>}
                description={<>
                  <div>{alarm.deviceSn}</div>
                  <div>{t('floatingPanel.alarmStarted', { time: time(alarm.alarmStartTime) })}</div>
                  <div>{t('floatingPanel.alarmUpdated', { time: time(alarm.alarmUpdateTime) })}</div>
                </>} />
            </List.Item>
          )} />
        <Button block onClick={() => {
          onLeave();
          navigate(ALARM_CENTRE_PATH);
        }} data-testid="panel-alarm-centre">{t('floatingPanel.allAlarms')}</Button>
        {opened !== undefined && <AlarmDetailDrawer alarmId={opened} version={version} onClose={() => setOpened(undefined)} onChanged={onChanged} />}
      </Space>
    </div>
  );
}
