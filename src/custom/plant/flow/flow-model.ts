// What the energy-flow diagram draws, independent of React: the plant's powers from the first
// snapshot (getDeviceEneryFlowData) and from each `flow` event of the live stream, and the lines
// that follow from their signs. Signs are those of the telemetry record (PROTOCOL.md, and
// monitoring.yaml): grid positive importing, negative exporting; battery positive discharging,
// negative charging.
import type { DataOf } from '@/api/contract-types';
import type { PlantFlowEvent } from '@/lib/live-flow';

type Snapshot = DataOf<'getDeviceEneryFlowData'>;

export interface FlowState {
  pvPower: number;
  gridPower: number;
  loadPower: number;
  batteryPower: number;
  /** %, null without a battery. */
  batterySoc: number | null;
  hasPv: boolean;
  hasGrid: boolean;
  hasBattery: boolean;
  /** Time of the newest record behind these figures (ISO 8601); null when no device has reported. */
  time: string | null;
  /** Devices that reported in the last 15 minutes (live events only). */
  online?: number;
  /** 1 normal, 2 fault, 3 offline (the snapshot only). */
  status?: 1 | 2 | 3;
}

/** A parsed `flow` event; `online` is null when an older server left it out. */
export type FlowSample = Omit<PlantFlowEvent, 'online'> & { online: number | null };

export const fromSnapshot = (s: Snapshot): FlowState => ({
  pvPower: s.pvPower, gridPower: s.gridPower, loadPower: s.loadPower, batteryPower: s.batteryPower, batterySoc: s.batterySoc ?? null,
  hasPv: s.hasPv, hasGrid: s.hasGrid, hasBattery: s.hasBattery, time: s.updateTime ?? null, status: s.status,
});

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The `flow` event's JSON, or undefined when it is not one (a malformed event is skipped, never shown). */
export function parseFlowEvent(data: string): FlowSample | undefined {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object' || typeof raw.plantUid !== 'string') return undefined;
  if (raw.ts !== null && typeof raw.ts !== 'string') return undefined;
  const fields = ['pvPower', 'acPower', 'gridPower', 'loadPower', 'batteryPower', 'batterySoc', 'online'] as const;
  // A power is a number or null; anything else means the event is not what the contract says.
  if (fields.some((f) => raw[f] !== null && raw[f] !== undefined && !finite(raw[f]))) return undefined;
  const value = (f: (typeof fields)[number]) => (finite(raw[f]) ? raw[f] : null);
  const soc = value('batterySoc');
  return {
    plantUid: raw.plantUid, ts: raw.ts, pvPower: value('pvPower'), acPower: value('acPower'), gridPower: value('gridPower'),
    loadPower: value('loadPower'), batteryPower: value('batteryPower'), batterySoc: soc === null ? null : Math.min(100, Math.max(0, soc)), online: value('online'),
  };
}

const timeOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * The state once the snapshot answers. It may answer after a newer live event: then the event's
 * figures stay, and the snapshot adds what only it knows (which parts exist, the plant's status).
 */
export function applySnapshot(previous: FlowState | undefined, snapshot: Snapshot): FlowState {
  const next = fromSnapshot(snapshot);
  if (!previous) return next;
  const parts = { hasPv: next.hasPv || previous.hasPv, hasGrid: next.hasGrid || previous.hasGrid, hasBattery: next.hasBattery || previous.hasBattery, status: next.status };
  if (timeOf(previous.time) > timeOf(next.time) || (previous.time && !next.time)) return { ...previous, ...parts };
  return { ...next, ...parts, online: previous.online };
}

/**
 * The state after a live event. The snapshot and the stream race at start: an event older than
 * what is shown is dropped. A part with a power reported (not null) exists; one the snapshot did
 * not know of appears once the stream reports it.
 */
export function applySample(previous: FlowState | undefined, sample: FlowSample): FlowState {
  if (previous && timeOf(sample.ts) < timeOf(previous.time)) return previous;
  return {
    pvPower: sample.pvPower ?? 0, gridPower: sample.gridPower ?? 0, loadPower: sample.loadPower ?? 0, batteryPower: sample.batteryPower ?? 0,
    batterySoc: sample.batterySoc,
    hasPv: (previous?.hasPv ?? false) || sample.pvPower !== null,
    hasGrid: (previous?.hasGrid ?? false) || sample.gridPower !== null,
    hasBattery: (previous?.hasBattery ?? false) || sample.batteryPower !== null || sample.batterySoc !== null,
    time: sample.ts,
    online: sample.online ?? previous?.online,
    status: previous?.status,
  };
}

/** Below this a part counts as idle: meters jitter by a watt or two around zero. */
export const IDLE_W = 1;
export const MIN_WIDTH = 1.5;
export const MAX_WIDTH = 10;

/**
 * A line's width grows linearly with its power, from MIN_WIDTH at idle to MAX_WIDTH at the
 * plant's capacity (at least 1 kW, so a tiny plant's lines stay readable) and no further.
 */
export function strokeWidth(power: number, capacityW: number): number {
  const magnitude = Math.abs(power);
  if (magnitude < IDLE_W) return MIN_WIDTH;
  const share = Math.min(1, magnitude / Math.max(capacityW, 1000));
  return Number((MIN_WIDTH + (MAX_WIDTH - MIN_WIDTH) * share).toFixed(2));
}

export type NodeId = 'pv' | 'grid' | 'load' | 'battery' | 'charger' | 'hub';

export interface FlowLine {
  /** The node the line joins to the inverter (the charger's line joins the load). */
  id: Exclude<NodeId, 'hub'>;
  from: NodeId;
  to: NodeId;
  power: number;
  active: boolean;
  width: number;
}

/**
 * The lines to draw, each from where the energy comes to where it goes: PV into the inverter;
 * grid in when importing, out when exporting; battery out when discharging, in when charging;
 * the inverter into the load; and the load into the EV charger (the load includes it). An idle
 * line keeps its resting direction and is drawn still.
 */
export function flowLines(flow: FlowState, chargerPower: number | undefined, capacityW: number): FlowLine[] {
  const line = (id: FlowLine['id'], power: number, outward: [NodeId, NodeId], inward: [NodeId, NodeId]): FlowLine => {
    const [from, to] = power < 0 ? inward : outward;
    return { id, from, to, power: Math.abs(power), active: Math.abs(power) >= IDLE_W, width: strokeWidth(power, capacityW) };
  };
  const lines = [
    line('pv', flow.pvPower, ['pv', 'hub'], ['hub', 'pv']),
    line('grid', flow.gridPower, ['grid', 'hub'], ['hub', 'grid']),
    line('load', flow.loadPower, ['hub', 'load'], ['load', 'hub']),
  ];
  if (flow.hasBattery) lines.push(line('battery', flow.batteryPower, ['battery', 'hub'], ['hub', 'battery']));
  if (chargerPower !== undefined) lines.push(line('charger', chargerPower, ['load', 'charger'], ['charger', 'load']));
  return lines;
}

export type PartState = 'importing' | 'exporting' | 'charging' | 'discharging' | 'idle';

export const gridState = (power: number): PartState => (power >= IDLE_W ? 'importing' : power <= -IDLE_W ? 'exporting' : 'idle');
export const batteryState = (power: number): PartState => (power >= IDLE_W ? 'discharging' : power <= -IDLE_W ? 'charging' : 'idle');
