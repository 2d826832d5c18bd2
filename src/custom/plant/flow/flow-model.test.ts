import { describe, expect, it } from 'vitest';
import { MAX_WIDTH, MIN_WIDTH, applySample, applySnapshot, flowLines, parseFlowEvent, strokeWidth, type FlowState } from './flow-model';

const event = (fields: Record<string, unknown> = {}) => JSON.stringify({
  plantUid: 'P1', ts: '2026-05-01T10:00:00.000Z', pvPower: 4200, acPower: 4000, gridPower: -1500, loadPower: 1700, batteryPower: -800, batterySoc: 62, online: 3, ...fields,
});

const state = (fields: Partial<FlowState> = {}): FlowState => ({
  pvPower: 0, gridPower: 0, loadPower: 0, batteryPower: 0, batterySoc: null, hasPv: true, hasGrid: true, hasBattery: false, time: '2026-05-01T10:00:00.000Z', ...fields,
});

describe('the flow event', () => {
  it('is read from the event data of the live stream', () => {
    expect(parseFlowEvent(event())).toEqual({
      plantUid: 'P1', ts: '2026-05-01T10:00:00.000Z', pvPower: 4200, acPower: 4000, gridPower: -1500, loadPower: 1700, batteryPower: -800, batterySoc: 62, online: 3,
    });
  });

  it('is skipped when malformed', () => {
    expect(parseFlowEvent('not json')).toBeUndefined();
    expect(parseFlowEvent('null')).toBeUndefined();
    expect(parseFlowEvent(event({ gridPower: 'a lot' }))).toBeUndefined();
    expect(parseFlowEvent(event({ plantUid: undefined }))).toBeUndefined();
    expect(parseFlowEvent(event({ ts: 17 }))).toBeUndefined();
  });

  it('keeps a part no device reports as null, and ts null before the first report', () => {
    const sample = parseFlowEvent(event({ ts: null, batteryPower: null, batterySoc: null, gridPower: null }))!;
    expect(sample).toMatchObject({ ts: null, batteryPower: null, batterySoc: null, gridPower: null, pvPower: 4200 });
    const shown = applySample(undefined, sample);
    expect(shown).toMatchObject({ hasBattery: false, hasGrid: false, hasPv: true, gridPower: 0, time: null });
  });

  it('has no state of charge without a battery, and keeps one within 0..100', () => {
    expect(parseFlowEvent(event({ batterySoc: null }))?.batterySoc).toBeNull();
    expect(parseFlowEvent(event({ batterySoc: 104 }))?.batterySoc).toBe(100);
  });
});

describe('applying figures', () => {
  it('takes a newer event and drops an older one', () => {
    const shown = state({ time: '2026-05-01T10:00:05.000Z', gridPower: 100 });
    expect(applySample(shown, parseFlowEvent(event({ ts: '2026-05-01T10:00:04.000Z', gridPower: 9 }))!)).toBe(shown);
    expect(applySample(shown, parseFlowEvent(event({ ts: '2026-05-01T10:00:06.000Z', gridPower: 9 }))!).gridPower).toBe(9);
  });

  it('shows a battery once the stream reports one', () => {
    expect(applySample(state(), parseFlowEvent(event())!).hasBattery).toBe(true);
  });

  it('keeps a newer live event over a late snapshot, taking the parts the snapshot knows', () => {
    const live = applySample(undefined, parseFlowEvent(event({ ts: '2026-05-01T10:00:10.000Z', gridPower: 7 }))!);
    const snapshot = { plantUid: 'P1', status: 2 as const, hasPv: true, hasGrid: true, hasBattery: true, pvPower: 1, gridPower: 1, loadPower: 1, batteryPower: 0, batterySoc: 50, flows: [], updateTime: '2026-05-01T10:00:00.000Z' };
    const merged = applySnapshot(live, snapshot);
    expect(merged.gridPower).toBe(7);
    expect(merged.status).toBe(2);
  });
});

describe('the lines', () => {
  it('grow in width with the power, from the thinnest at idle to the widest at capacity', () => {
    expect(strokeWidth(0, 10_000)).toBe(MIN_WIDTH);
    expect(strokeWidth(10_000, 10_000)).toBe(MAX_WIDTH);
    expect(strokeWidth(50_000, 10_000)).toBe(MAX_WIDTH);
    expect(strokeWidth(-5_000, 10_000)).toBe(strokeWidth(5_000, 10_000));
    expect(strokeWidth(2_000, 10_000)).toBeLessThan(strokeWidth(6_000, 10_000));
  });

  it('run from the source to the sink as the signs say', () => {
    const lines = flowLines(state({ pvPower: 3000, gridPower: 500, loadPower: 2000, batteryPower: -1500, hasBattery: true }), 700, 5000);
    const ends = Object.fromEntries(lines.map((l) => [l.id, [l.from, l.to, l.active]]));
    expect(ends).toEqual({
      pv: ['pv', 'hub', true],
      grid: ['grid', 'hub', true],
      load: ['hub', 'load', true],
      battery: ['hub', 'battery', true],
      charger: ['load', 'charger', true],
    });
  });

  it('leave out the battery and the charger a plant lacks, and rest when idle', () => {
    const lines = flowLines(state({ gridPower: -0.4 }), undefined, 5000);
    expect(lines.map((l) => l.id)).toEqual(['pv', 'grid', 'load']);
    expect(lines.every((l) => !l.active)).toBe(true);
  });
});
