// The devices in scope (getHomeDeviceStatisticsData): online, fault (online with an untreated
// alarm) and offline, in total and per device type.
import { useCallback } from 'react';
import { Card, Col, Progress, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';

type TypeRow = DataOf<'getHomeDeviceStatisticsData'>['deviceTypes'][number];

export function DevicesCard({ plantUid }: { plantUid?: string }) {
  const { t } = useTranslation();
  const load = useLoad(useCallback(() => call('getHomeDeviceStatisticsData', { query: plantUid ? { plantUid } : {}, silent: true }), [plantUid]));
  return (
    <Card title={t('home.devices.title')} data-testid="devices-card" style={{ height: '100%' }}>
      <CardState load={load} testId="devices" isEmpty={(d) => d.totalNum === 0} emptyText={t('home.devices.empty')}>
        {(d) => (
          <>
            <Row gutter={8}>
              <Col span={6}><Statistic title={t('home.devices.total')} value={d.totalNum} data-testid="devices-total" /></Col>
              <Col span={6}><Statistic title={t('home.devices.online')} value={d.onlineNum} valueStyle={{ color: '#52c41a' }} data-testid="devices-online" /></Col>
              <Col span={6}><Statistic title={t('home.devices.fault')} value={d.faultNum} valueStyle={{ color: '#ff4d4f' }} data-testid="devices-fault" /></Col>
              <Col span={6}><Statistic title={t('home.devices.offline')} value={d.offlineNum} valueStyle={{ color: '#8c8c8c' }} data-testid="devices-offline" /></Col>
            </Row>
            {/* Online share, with the faulty part of it shown in red. */}
            <Progress showInfo={false} percent={(100 * (d.onlineNum + d.faultNum)) / d.totalNum} success={{ percent: (100 * d.onlineNum) / d.totalNum }}
              strokeColor="#ff4d4f" style={{ margin: '8px 0' }} />
            <Table<TypeRow> size="small" pagination={false} rowKey="deviceType" dataSource={d.deviceTypes} columns={[
              { key: 'deviceType', dataIndex: 'deviceType', title: t('home.devices.type'), render: (v: number) => t(`scannedDevice.enums.snType.${v}`) },
              { key: 'counts', title: `${t('home.devices.online')} / ${t('home.devices.fault')} / ${t('home.devices.offline')}`, align: 'right',
                render: (_: unknown, r: TypeRow) => (
                  <span style={{ whiteSpace: 'nowrap' }}>
                    <span style={{ color: '#52c41a' }}>{r.onlineNum}</span> / <span style={{ color: '#ff4d4f' }}>{r.faultNum}</span> / <span style={{ color: '#8c8c8c' }}>{r.offlineNum}</span>
                  </span>
                ) },
            ]} />
          </>
        )}
      </CardState>
    </Card>
  );
}
