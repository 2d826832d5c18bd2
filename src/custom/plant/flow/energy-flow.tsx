// The energy-flow diagram (SVG): PV, grid, load, battery with its state of charge and the EV
// charger around the inverter. Each line runs from where the energy comes to where it goes and
// moves that way (energy-flow.css); its width follows the power (flow-model.ts). Node figures
// carry data-testid flow-pv, flow-grid, flow-load, flow-battery, flow-soc and flow-charger for
// the browser tests; they show magnitudes, the direction is the state text beside them.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPower } from '@/lib/units';
import { batteryState, flowLines, gridState, type FlowLine, type FlowState, type NodeId } from './flow-model';
import './energy-flow.css';

const R = 36;
const HUB = 24;
const POS: Record<NodeId, { x: number; y: number }> = {
  hub: { x: 300, y: 190 },
  pv: { x: 300, y: 60 },
  grid: { x: 90, y: 190 },
  load: { x: 510, y: 190 },
  battery: { x: 300, y: 320 },
  charger: { x: 510, y: 320 },
};
const COLOURS: Record<FlowLine['id'], string> = { pv: '#faad14', grid: '#1677ff', load: '#52c41a', battery: '#13c2c2', charger: '#722ed1' };
const IDLE_COLOUR = '#d9d9d9';

/** The end of a line sits on its node's rim, not its centre. */
function rim(from: NodeId, to: NodeId) {
  const a = POS[from];
  const b = POS[to];
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const ra = from === 'hub' ? HUB : R;
  const rb = to === 'hub' ? HUB : R;
  const ux = (b.x - a.x) / length;
  const uy = (b.y - a.y) / length;
  return { x1: a.x + ux * ra, y1: a.y + uy * ra, x2: b.x - ux * rb, y2: b.y - uy * rb };
}

function Node({ id, label, children }: { id: FlowLine['id']; label: string; children?: React.ReactNode }) {
  const { x, y } = POS[id];
  return (
    <g data-node={id}>
      <circle cx={x} cy={y} r={R} fill="#fff" stroke={COLOURS[id]} strokeWidth={2} />
      {children}
      <text x={x} y={y + 4} textAnchor="middle" fontSize={12} fontWeight={600} fill={COLOURS[id]}>{label}</text>
    </g>
  );
}

export interface EnergyFlowProps {
  flow: FlowState;
  /** The EV chargers' consumption in W; undefined when the plant has no charger. */
  chargerPower?: number;
  /** The plant's capacity in W: a line at this power is drawn at full width. */
  capacityW: number;
}

export function EnergyFlow({ flow, chargerPower, capacityW }: EnergyFlowProps) {
  const { t } = useTranslation();
  const clipId = useId();
  const lines = flowLines(flow, chargerPower, capacityW);
  const soc = flow.batterySoc;
  // The battery's water level: the share of its circle below the SOC line.
  const level = soc === null ? 0 : (2 * R * soc) / 100;
  const figure = (testId: string, x: number, y: number, text: string, anchor: 'start' | 'middle' | 'end' = 'middle', size = 14) => (
    <text x={x} y={y} textAnchor={anchor} fontSize={size} fontWeight={size > 12 ? 600 : 400} fill={size > 12 ? '#262626' : '#8c8c8c'} data-testid={testId}>{text}</text>
  );
  return (
    <svg viewBox="0 0 600 400" width="100%" style={{ maxHeight: 420 }} role="img" aria-label={t('energyFlow.title')} data-testid="energy-flow">
      <title>{t('energyFlow.title')}</title>
      {lines.map((l) => {
        const end = rim(l.from, l.to);
        return (
          <line key={l.id} {...end} className="energy-flow-line" stroke={l.active ? COLOURS[l.id] : IDLE_COLOUR} strokeWidth={l.width}
            data-testid={`flow-line-${l.id}`} data-from={l.from} data-to={l.to} data-active={String(l.active)} />
        );
      })}

      <g data-node="hub">
        <title>{t('energyFlow.inverter')}</title>
        <rect x={POS.hub.x - HUB} y={POS.hub.y - HUB} width={HUB * 2} height={HUB * 2} rx={6} fill="#fff" stroke="#595959" strokeWidth={2} />
        <line x1={POS.hub.x - HUB} y1={POS.hub.y + HUB} x2={POS.hub.x + HUB} y2={POS.hub.y - HUB} stroke="#595959" strokeWidth={1} />
        <text x={POS.hub.x - 10} y={POS.hub.y - 5} textAnchor="middle" fontSize={9} fill="#595959">DC</text>
        <text x={POS.hub.x + 10} y={POS.hub.y + 13} textAnchor="middle" fontSize={9} fill="#595959">AC</text>
      </g>

      <Node id="pv" label={t('energyFlow.pv')} />
      {figure('flow-pv', POS.pv.x + R + 12, POS.pv.y + 5, formatPower(flow.pvPower), 'start')}

      <Node id="grid" label={t('energyFlow.grid')} />
      {figure('flow-grid', POS.grid.x, POS.grid.y + R + 22, formatPower(Math.abs(flow.gridPower)))}
      {figure('flow-grid-state', POS.grid.x, POS.grid.y + R + 40, t(`energyFlow.states.${gridState(flow.gridPower)}`), 'middle', 12)}

      <Node id="load" label={t('energyFlow.load')} />
      {figure('flow-load', POS.load.x, POS.load.y - R - 12, formatPower(flow.loadPower))}

      {flow.hasBattery && (
        <>
          <Node id="battery" label={t('energyFlow.battery')}>
            <clipPath id={clipId}><circle cx={POS.battery.x} cy={POS.battery.y} r={R - 2} /></clipPath>
            <rect x={POS.battery.x - R} y={POS.battery.y + R - level} width={R * 2} height={level} fill={COLOURS.battery} opacity={0.25}
              clipPath={`url(#${clipId})`} data-testid="flow-soc-level" />
          </Node>
          {figure('flow-battery', POS.battery.x - R - 12, POS.battery.y - 2, formatPower(Math.abs(flow.batteryPower)), 'end')}
          {figure('flow-battery-state', POS.battery.x - R - 12, POS.battery.y + 16, t(`energyFlow.states.${batteryState(flow.batteryPower)}`), 'end', 12)}
          {figure('flow-soc', POS.battery.x + R + 12, POS.battery.y + 5, soc === null ? '–' : `${Number(soc.toFixed(1))} %`, 'start')}
        </>
      )}

      {chargerPower !== undefined && (
        <>
          <Node id="charger" label={t('energyFlow.charger')} />
          {figure('flow-charger', POS.charger.x, POS.charger.y + R + 22, formatPower(chargerPower))}
        </>
      )}
    </svg>
  );
}
