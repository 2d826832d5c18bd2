// Where the plant's energy of a period came from and went to (getPlantSankeyDiagram): PV, grid
// import and battery discharge on the left, consumption, grid export and battery charge on the
// right, each node named with its energy of the period.
import { useCallback, useMemo, useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { formatEnergy } from '@/lib/units';
import { SankeyChart, type SankeyLink } from '@/custom/charts/sankey';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { PeriodPicker, type Period } from '@/custom/monitoring/period-picker';

type Sankey = DataOf<'getPlantSankeyDiagram'>;
type NodeId = Sankey['nodes'][number]['id'];

/** Each node's name: the energy figure it is (energy-statistics.schema.json). */
const FIELD: Record<NodeId, string> = {
  pv: 'pvEnergy', gridImport: 'gridImportEnergy', batteryDischarge: 'batteryDischargeEnergy',
  load: 'loadEnergy', gridExport: 'gridExportEnergy', batteryCharge: 'batteryChargeEnergy',
};

/** The chart's links, each end named with its node's energy ("Production 12.3 kWh"). */
export function sankeyLinks(data: Sankey, name: (id: NodeId) => string): SankeyLink[] {
  const value = new Map(data.nodes.map((n) => [n.id, n.value]));
  const label = (id: NodeId) => `${name(id)} ${formatEnergy(value.get(id) ?? 0)}`;
  return data.links.map((l) => ({ source: label(l.source), target: label(l.target), value: l.value }));
}

export function SankeyCard({ plantUid, today }: { plantUid: string; today: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>({ type: 'day', date: today });
  const load = useLoad(useCallback(() => call('getPlantSankeyDiagram', { query: { plantUid, dateType: period.type, date: period.date }, silent: true }), [plantUid, period]));
  const links = useMemo(() => (load.data ? sankeyLinks(load.data, (id) => t(`energyStatistics.fields.${FIELD[id]}`)) : []), [load.data, t]);
  return (
    <Card title={t('plant.overview.sankey')} data-testid="plant-sankey-card" style={{ height: '100%' }}>
      {/* In the body, not the title bar: on a half-width card the four periods would squeeze the title out. */}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <PeriodPicker value={period} onChange={setPeriod} today={today} testId="plant-sankey-period" />
      </div>
      <CardState load={load} testId="plant-sankey" isEmpty={(d) => d.links.length === 0} emptyText={t('monitoring.energy.empty')}>
        {() => <SankeyChart links={links} height={300} testId="plant-sankey-chart" />}
      </CardState>
    </Card>
  );
}
