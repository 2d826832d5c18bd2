// @vitest-environment jsdom
// The energy-flow diagram as drawn: each line runs from source to sink as the signs say (grid
// positive importing, battery positive discharging), its width follows the power, the node
// figures show the powers and the state of charge; and the live card moves with the stream.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '@/i18n';
import { ApiError, call, openStream } from '@/api/client';
import { EnergyFlow } from './energy-flow';
import { LiveFlowCard } from './live-flow-card';
import type { FlowState } from './flow-model';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn(), openStream: vi.fn() }));
const api = vi.mocked(call);
const stream = vi.mocked(openStream);

afterEach(() => {
  cleanup();
  api.mockReset();
  stream.mockReset();
});

const flow = (fields: Partial<FlowState> = {}): FlowState => ({
  pvPower: 0, gridPower: 0, loadPower: 0, batteryPower: 0, batterySoc: null, hasPv: true, hasGrid: true, hasBattery: true, time: '2026-05-01T10:00:00Z', ...fields,
});

const line = (id: string) => screen.getByTestId(`flow-line-${id}`);
const ends = (id: string) => [line(id).getAttribute('data-from'), line(id).getAttribute('data-to')];
const width = (id: string) => Number(line(id).getAttribute('stroke-width'));
const text = (id: string) => screen.getByTestId(id).textContent;

describe('the energy-flow diagram', () => {
  it('draws import and discharge towards the inverter, with the figures of each node', () => {
    render(<EnergyFlow flow={flow({ pvPower: 0, gridPower: 1200, loadPower: 2000, batteryPower: 800, batterySoc: 41.26 })} capacityW={5000} />);
    expect(ends('grid')).toEqual(['grid', 'hub']);
    expect(ends('battery')).toEqual(['battery', 'hub']);
    expect(ends('load')).toEqual(['hub', 'load']);
    expect(line('pv').getAttribute('data-active')).toBe('false');
    expect(text('flow-grid')).toBe('1.2 kW');
    expect(text('flow-grid-state')).toBe('Importing');
    expect(text('flow-battery')).toBe('800 W');
    expect(text('flow-battery-state')).toBe('Discharging');
    expect(text('flow-load')).toBe('2 kW');
    expect(text('flow-pv')).toBe('0 W');
    expect(text('flow-soc')).toBe('41.3 %');
  });

  it('turns the grid and battery lines round when exporting and charging', () => {
    render(<EnergyFlow flow={flow({ pvPower: 6000, gridPower: -2500, loadPower: 1500, batteryPower: -2000, batterySoc: 80 })} capacityW={8000} />);
    expect(ends('pv')).toEqual(['pv', 'hub']);
    expect(ends('grid')).toEqual(['hub', 'grid']);
    expect(ends('battery')).toEqual(['hub', 'battery']);
    expect(text('flow-grid-state')).toBe('Exporting');
    expect(text('flow-battery-state')).toBe('Charging');
    expect(text('flow-grid')).toBe('2.5 kW');
  });

  it('draws a bigger power as a wider line', () => {
    render(<EnergyFlow flow={flow({ pvPower: 6000, gridPower: -2500, loadPower: 1500, batteryPower: -2000 })} capacityW={8000} />);
    expect(width('pv')).toBeGreaterThan(width('grid'));
    expect(width('grid')).toBeGreaterThan(width('battery'));
    expect(width('battery')).toBeGreaterThan(width('load'));
  });

  it('fills the battery to its state of charge, and shows a dash without one', () => {
    const { unmount } = render(<EnergyFlow flow={flow({ batterySoc: 50 })} capacityW={5000} />);
    const half = Number(screen.getByTestId('flow-soc-level').getAttribute('height'));
    unmount();
    render(<EnergyFlow flow={flow({ batterySoc: 100 })} capacityW={5000} />);
    expect(Number(screen.getByTestId('flow-soc-level').getAttribute('height'))).toBe(half * 2);
    cleanup();
    render(<EnergyFlow flow={flow({ batterySoc: null })} capacityW={5000} />);
    expect(text('flow-soc')).toBe('–');
  });

  it('leaves out the battery a plant lacks, and draws the charger off the load when there is one', () => {
    render(<EnergyFlow flow={flow({ hasBattery: false, loadPower: 9000 })} chargerPower={7400} capacityW={10_000} />);
    expect(screen.queryByTestId('flow-battery')).toBeNull();
    expect(screen.queryByTestId('flow-soc')).toBeNull();
    expect(ends('charger')).toEqual(['load', 'charger']);
    expect(text('flow-charger')).toBe('7.4 kW');
  });
});

/** A stream the test writes events into. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => { controller = c; } });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (data: object) => controller.enqueue(encoder.encode(`event: flow\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}

const SNAPSHOT = {
  plantUid: 'P1', status: 1, hasPv: true, hasGrid: true, hasBattery: true, pvPower: 3000, gridPower: -500, loadPower: 1500, batteryPower: -1000, batterySoc: 55,
  flows: [], updateTime: '2026-05-01T10:00:00.000Z',
};

describe('the live energy-flow card', () => {
  it('shows the snapshot, then each newer flow event of the stream', async () => {
    const live = eventStream();
    api.mockImplementation((async (operation: string) => {
      if (operation === 'getDeviceEneryFlowData') return SNAPSHOT;
      if (operation === 'getPlantSiteLayoutData') return { plantUid: 'P1', devices: [] };
      throw new Error(operation);
    }) as never);
    stream.mockResolvedValue(live.response);
    render(<App><LiveFlowCard plantUid="P1" systemPower={5} /></App>);
    await waitFor(() => expect(text('flow-grid')).toBe('500 W'));
    expect(text('flow-grid-state')).toBe('Exporting');
    expect(stream).toHaveBeenCalledWith('liveStream', expect.objectContaining({ query: { plantUid: 'P1' } }));

    live.send({ plantUid: 'P1', ts: '2026-05-01T10:00:05.000Z', pvPower: 0, acPower: 0, gridPower: 2100, loadPower: 1800, batteryPower: 300, batterySoc: 54, online: 2 });
    await waitFor(() => expect(text('flow-grid')).toBe('2.1 kW'));
    expect(text('flow-grid-state')).toBe('Importing');
    expect(text('flow-battery-state')).toBe('Discharging');
    expect(text('flow-soc')).toBe('54 %');
    expect(screen.getByTestId('energy-flow-status').textContent).toContain('Live');
  });

  it('says the flow is not available yet while neither call is implemented', async () => {
    api.mockRejectedValue(new ApiError(10001, 'not implemented: getDeviceEneryFlowData'));
    stream.mockRejectedValue(new ApiError(10001, 'not implemented: liveStream'));
    render(<App><LiveFlowCard plantUid="P1" systemPower={5} /></App>);
    expect(await screen.findByTestId('energy-flow-not-yet')).toBeTruthy();
  });

  it('fills from the stream alone when the snapshot fails', async () => {
    const live = eventStream();
    api.mockRejectedValue(new ApiError(10001, 'not implemented: getDeviceEneryFlowData'));
    stream.mockResolvedValue(live.response);
    render(<App><LiveFlowCard plantUid="P1" systemPower={5} /></App>);
    expect(await screen.findByTestId('energy-flow-loading')).toBeTruthy();
    live.send({ plantUid: 'P1', ts: '2026-05-01T10:00:05.000Z', pvPower: 2500, acPower: 2400, gridPower: 0, loadPower: 2400, batteryPower: 0, batterySoc: null, online: 1 });
    await waitFor(() => expect(text('flow-pv')).toBe('2.5 kW'));
  });
});
