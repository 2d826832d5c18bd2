// The plant's live energy flow: the diagram filled from the snapshot and kept current by the
// live stream, with the stream's state (live, reconnecting, closed) and the time of the figures.
import { Alert, Badge, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { formatTime, withZone } from '@/lib/date-time';
import { NotYet, isNotImplemented } from '../components/not-yet';
import { EnergyFlow } from './energy-flow';
import { useLiveFlow, type LiveStatus } from './use-live-flow';
import { useChargerPower } from './use-charger-power';

const BADGE: Record<LiveStatus, 'processing' | 'default' | 'warning' | 'error'> = { live: 'processing', connecting: 'default', retrying: 'warning', closed: 'error' };

export function LiveFlowCard({ plantUid, systemPower, timeZone }: { plantUid: string; systemPower: number; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const live = useLiveFlow(plantUid);
  const charger = useChargerPower(plantUid, live.flow?.time);
  const { flow } = live;
  const failure = live.streamError ?? live.snapshotError;

  let body: React.ReactNode;
  if (flow && flow.time === null) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('energyFlow.noData')} data-testid="energy-flow-empty" />;
  } else if (flow) {
    body = <EnergyFlow flow={flow} chargerPower={charger} capacityW={systemPower * 1000} />;
  } else if (live.status === 'closed' && isNotImplemented(live.streamError) && isNotImplemented(live.snapshotError)) {
    body = <NotYet text={t('energyFlow.notYet')} testId="energy-flow-not-yet" />;
  } else if (live.status === 'closed' && failure !== undefined) {
    body = <Alert type="warning" showIcon message={failure instanceof ApiError ? errorText(t, failure) : t('errors.unknown')} data-testid="energy-flow-error" />;
  } else {
    body = <div data-testid="energy-flow-loading"><Skeleton active paragraph={{ rows: 6 }} /></div>;
  }

  const time = flow?.time ? withZone(formatTime(flow.time, { lang: i18n.language, timeZone }, true), timeZone) : undefined;
  return (
    <Card title={t('energyFlow.title')} data-testid="energy-flow-card" style={{ height: '100%' }}
      extra={<Badge status={BADGE[live.status]} text={t(`energyFlow.status.${live.status}`)} data-testid="energy-flow-status" />}>
      {body}
      {flow && (
        <Space size="large" style={{ marginTop: 8 }}>
          {time && <Typography.Text type="secondary" data-testid="energy-flow-time">{t('energyFlow.updated', { time })}</Typography.Text>}
          {flow.online !== undefined && <Typography.Text type="secondary">{t('energyFlow.online', { count: flow.online })}</Typography.Text>}
        </Space>
      )}
    </Card>
  );
}
