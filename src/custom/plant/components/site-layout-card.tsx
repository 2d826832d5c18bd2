// The plant's site (001 "Monitoring"): the site layout, every device under the one it is wired
// behind, with its state and live power (getPlantSiteLayoutData), and the PV topology, the
// generation tree of the plant, its inverters and their modules (getPlantPVTopology).
import { useCallback } from 'react';
import { Card, Space, Tabs, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { formatEnergy, formatPower } from '@/lib/units';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { DeviceStatusTag } from './device-status-tag';

type LayoutDevice = DataOf<'getPlantSiteLayoutData'>['devices'][number];
type TopologyNode = DataOf<'getPlantPVTopology'>['nodes'][number];

/** Items under their parent; an item whose parent is not in the list is a root (parents come first). */
export function nest<T>(items: readonly T[], key: (item: T) => string, parent: (item: T) => string | null | undefined, node: (item: T) => Omit<DataNode, 'key' | 'children'>): DataNode[] {
  const nodes = new Map<string, DataNode>();
  const roots: DataNode[] = [];
  for (const item of items) nodes.set(key(item), { key: key(item), ...node(item) });
  for (const item of items) {
    const own = nodes.get(key(item))!;
    const above = parent(item);
    const holder = above ? nodes.get(above) : undefined;
    if (holder && holder !== own) (holder.children ??= []).push(own);
    else roots.push(own);
  }
  return roots;
}

function SiteLayout({ plantUid }: { plantUid: string }) {
  const { t } = useTranslation();
  const load = useLoad(useCallback(() => call('getPlantSiteLayoutData', { query: { plantUid }, silent: true }), [plantUid]));
  const title = (d: LayoutDevice) => (
    <Space size="small" wrap>
      <Typography.Text type="secondary">{t(`scannedDevice.enums.snType.${d.deviceType}`)}</Typography.Text>
      <span>{d.alias ? `${d.alias} (${d.deviceSn})` : d.deviceSn}</span>
      <DeviceStatusTag status={d.status} />
      {d.power !== null && d.power !== undefined && <span>{formatPower(d.power)}</span>}
      {d.batterySoc !== null && d.batterySoc !== undefined && <span>{t('plant.layout.soc', { soc: Math.round(d.batterySoc) })}</span>}
    </Space>
  );
  return (
    <CardState load={load} testId="site-layout" isEmpty={(d) => d.devices.length === 0} emptyText={t('pvData.noDevices')}>
      {(d) => <Tree selectable={false} defaultExpandAll showLine treeData={nest(d.devices, (x) => x.deviceSn, (x) => x.parentSn, (x) => ({ title: title(x) }))} />}
    </CardState>
  );
}

function PvTopology({ plantUid }: { plantUid: string }) {
  const { t } = useTranslation();
  const load = useLoad(useCallback(() => call('getPlantPVTopology', { query: { plantUid }, silent: true }), [plantUid]));
  const title = (n: TopologyNode) => (
    <Space size="small" wrap>
      {n.deviceType !== null && n.deviceType !== undefined && <Typography.Text type="secondary">{t(`scannedDevice.enums.snType.${n.deviceType}`)}</Typography.Text>}
      <span>{n.name}</span>
      {n.nodeType === 'device' && <DeviceStatusTag status={n.status} />}
      <span>{n.pvPower === null || n.pvPower === undefined ? '–' : formatPower(n.pvPower)}</span>
      {n.todayPvEnergy !== null && n.todayPvEnergy !== undefined && <Typography.Text type="secondary">{t('plant.layout.today', { energy: formatEnergy(n.todayPvEnergy) })}</Typography.Text>}
    </Space>
  );
  return (
    <CardState load={load} testId="pv-topology" isEmpty={(d) => d.nodes.length === 0} emptyText={t('pvData.noDevices')}>
      {(d) => <Tree selectable={false} defaultExpandAll showLine treeData={nest(d.nodes, (x) => x.nodeId, (x) => x.parentNodeId, (x) => ({ title: title(x) }))} />}
    </CardState>
  );
}

export function SiteLayoutCard({ plantUid }: { plantUid: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('plant.layout.title')} data-testid="site-layout-card" style={{ height: '100%' }}>
      <Tabs size="small" destroyOnHidden items={[
        { key: 'layout', label: t('plant.layout.site'), children: <SiteLayout plantUid={plantUid} /> },
        { key: 'topology', label: t('plant.layout.topology'), children: <PvTopology plantUid={plantUid} /> },
      ]} />
    </Card>
  );
}
