// The big screen (route Screen, /screen; bigscreen:admin): a full-screen wall of the fleet the
// user sees, in the organisation chosen in the top bar: the totals, the plants by state, today's
// PV power curve and the plants with their power now, from the dashboard's own calls (the same
// organisation scoping), asked again every minute. It covers the portal's layout (no sidebar)
// and has a way back.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Col, ConfigProvider, Row, Statistic, Table, Tag, Typography, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ColumnOptions } from '@antv/g2plot';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { formatCapacity, formatEnergy, formatPower } from '@/lib/units';
import { formatTime } from '@/lib/date-time';
import { G2Plot } from '@/custom/charts/g2-plot';
import { PowerCurve } from '@/custom/charts/power-curve';
import { toRows } from '@/custom/charts/rows';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { bucketLabel } from '@/custom/monitoring/period';

type PlantRow = DataOf<'getTopPlantList'>['list'][number];

/** The wall is read from a distance, left open for hours: each figure is asked again every minute. */
export const REFRESH_MS = 60_000;
const LISTED_PLANTS = 10;
const STATUS_COLOURS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error', 3: 'warning' };

function useTick(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return tick;
}

export default function FleetWall() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const tick = useTick(REFRESH_MS);
  // The tick is the reason to ask again; the calls themselves take nothing from it.
  const stats = useLoad(useCallback(() => call('getHomePlantStatisticsData', { query: {}, silent: true }), [tick])); // eslint-disable-line react-hooks/exhaustive-deps
  const power = useLoad(useCallback(() => call('getHomePowerStatisticsData', { query: { dateType: 'day' }, silent: true }), [tick])); // eslint-disable-line react-hooks/exhaustive-deps
  const plants = useLoad(useCallback(() => call('getTopPlantList', { query: { pageNo: 1, pageSize: LISTED_PLANTS }, silent: true }), [tick])); // eslint-disable-line react-hooks/exhaustive-deps
  const updatedAt = useMemo(() => formatTime(new Date(), { lang: i18n.language }, true), [stats.data, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const statusOptions = useMemo((): Omit<ColumnOptions, 'height' | 'autoFit'> | undefined => stats.data && ({
    data: [
      { status: t('home.plants.normal'), count: stats.data.normalNum },
      { status: t('home.plants.fault'), count: stats.data.faultNum },
      { status: t('home.plants.offline'), count: stats.data.offlineNum },
    ],
    xField: 'status',
    yField: 'count',
    label: { position: 'middle' },
    meta: { count: { alias: t('home.plants.total') } },
  }), [stats.data, t]);
  const rows = useMemo(() => (power.data ? toRows(power.data.points, ['pvPower'] as const, () => t('monitoring.series.pvPower'), (p) => bucketLabel(p.time, power.data!.dateType)) : []), [power.data, t]);

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <div className="fleet-wall" data-testid="fleet-wall">
        <Row justify="space-between" align="middle" style={{ marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/')} data-testid="fleet-wall-back">{t('screen.back')}</Button>
          <Typography.Title level={2} style={{ margin: 0 }}>{t('screen.title')}</Typography.Title>
          <Typography.Text type="secondary" data-testid="fleet-wall-updated">{t('screen.updatedAt', { time: updatedAt })}</Typography.Text>
        </Row>
        <CardState load={stats} testId="fleet-totals" isEmpty={(d) => d.plantNum === 0} emptyText={t('screen.empty')}>
          {(d) => (
            <Row gutter={[16, 16]}>
              <Col xs={12} lg={4}><Card><Statistic title={t('home.plants.total')} value={d.plantNum} data-testid="fleet-plants" /></Card></Col>
              <Col xs={12} lg={5}><Card><Statistic title={t('home.plants.capacity')} value={formatCapacity(d.totalSystemPower)} data-testid="fleet-capacity" /></Card></Col>
              <Col xs={12} lg={5}><Card><Statistic title={t('home.plants.currentPower')} value={formatPower(d.currentPower)} data-testid="fleet-power" /></Card></Col>
              <Col xs={12} lg={5}><Card><Statistic title={t('home.plants.todayEnergy')} value={formatEnergy(d.todayEnergy)} data-testid="fleet-today" /></Card></Col>
              <Col xs={24} lg={5}><Card><Statistic title={t('home.plants.totalEnergy')} value={formatEnergy(d.totalEnergy)} data-testid="fleet-total-energy" /></Card></Col>
            </Row>
          )}
        </CardState>
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} lg={8}>
            <Card title={t('screen.byStatus')}>
              {statusOptions && <G2Plot kind="Column" options={statusOptions} height={280} testId="fleet-status-chart" />}
              {stats.data && (
                <Row justify="space-around" data-testid="fleet-status">
                  <Tag color="success" data-testid="fleet-normal">{t('home.plants.normal')}: {stats.data.normalNum}</Tag>
                  <Tag color="error" data-testid="fleet-fault">{t('home.plants.fault')}: {stats.data.faultNum}</Tag>
                  <Tag color="warning" data-testid="fleet-offline">{t('home.plants.offline')}: {stats.data.offlineNum}</Tag>
                </Row>
              )}
            </Card>
          </Col>
          <Col xs={24} lg={16}>
            <Card title={t('screen.livePower')}>
              <CardState load={power} testId="fleet-live" isEmpty={(d) => d.points.length === 0} emptyText={t('home.power.empty')}>
                {() => <PowerCurve rows={rows} height={280} testId="fleet-power-chart" />}
              </CardState>
            </Card>
          </Col>
          <Col span={24}>
            <Card title={t('screen.plants')}>
              <Table<PlantRow> rowKey="plantUid" size="small" pagination={false} loading={plants.loading} dataSource={plants.data?.list ?? []} data-testid="fleet-plant-list"
                columns={[
                  { key: 'plantName', dataIndex: 'plantName', title: t('plant.fields.plantName') },
                  { key: 'status', dataIndex: 'status', title: t('plant.fields.status'),
                    render: (status?: number) => (status === undefined ? '–' : <Tag color={STATUS_COLOURS[status]}>{t(`plant.enums.status.${status}`)}</Tag>) },
                  // A plant row's power is in kW, the ladder's input in W.
                  { key: 'currentPower', dataIndex: 'currentPower', title: t('home.plants.currentPower'), render: (kw?: number) => (kw === undefined ? '–' : formatPower(kw * 1000)) },
                  { key: 'todayEnergy', dataIndex: 'todayEnergy', title: t('home.plants.todayEnergy'), render: (kwh?: number) => (kwh === undefined ? '–' : formatEnergy(kwh)) },
                  { key: 'systemPower', dataIndex: 'systemPower', title: t('home.plants.capacity'), render: (kwp?: number) => (kwp === undefined ? '–' : formatCapacity(kwp)) },
                ]} />
            </Card>
          </Col>
        </Row>
      </div>
    </ConfigProvider>
  );
}
