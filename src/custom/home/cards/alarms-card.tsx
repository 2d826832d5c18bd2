// The alarm summary slot (getUntreatedAlarmNum): untreated alarms of the last 3 days (what the
// floating panel lists) and all untreated ones, capped at 99+ as the panel's badge is. Alarms are
// raised from telemetry later; until the server answers the call, the slot says so.
import { useCallback } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { cappedCount as capped } from '@/custom/shell/floating-panel/panel-rules';

export function AlarmsCard({ plantUid }: { plantUid?: string }) {
  const { t } = useTranslation();
  const load = useLoad(useCallback(async () => {
    const scope = plantUid ? { plantUid } : {};
    const [recent, all] = await Promise.all([
      call('getUntreatedAlarmNum', { query: { ...scope, countType: 1 }, silent: true }),
      call('getUntreatedAlarmNum', { query: { ...scope, countType: 2 }, silent: true }),
    ]);
    return { recent: recent.untreatedNum, all: all.untreatedNum };
  }, [plantUid]));
  return (
    <Card title={t('home.alarms.title')} data-testid="alarms-card" style={{ height: '100%' }}>
      <CardState load={load} testId="alarms" isEmpty={(d) => d.all === 0} emptyText={t('home.alarms.empty')} notYetText={t('plant.notYet.alarms')}>
        {(d) => (
          <Row gutter={16}>
            <Col span={12}><Statistic title={t('home.alarms.recent')} value={capped(d.recent)} valueStyle={{ color: d.recent > 0 ? '#ff4d4f' : undefined }} data-testid="alarms-recent" /></Col>
            <Col span={12}><Statistic title={t('home.alarms.all')} value={capped(d.all)} data-testid="alarms-all" /></Col>
          </Row>
        )}
      </CardState>
    </Card>
  );
}
