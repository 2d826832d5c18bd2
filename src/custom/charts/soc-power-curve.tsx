// A battery's power (W, left axis, on the W..GW ladder) and state of charge (%, right axis, 0..100)
// over a day, as two lines on their own axes; nulls stay gaps.
import { useMemo } from 'react';
import type { DualAxesOptions } from '@antv/g2plot';
import { formatPower } from '@/lib/units';
import { G2Plot } from './g2-plot';

export interface SocPowerRow {
  time: string;
  power: number | null;
  soc: number | null;
}

export function SocPowerCurve({ rows, powerName, socName, socSteps = false, height, testId }: {
  rows: SocPowerRow[];
  /** The charge is an hourly mean repeated over its slots: drawn as steps, not as a slope. */
  socSteps?: boolean;
  /** Translated series names. */
  powerName: string;
  socName: string;
  height?: number;
  testId?: string;
}) {
  const options = useMemo((): Omit<DualAxesOptions, 'height' | 'autoFit'> => ({
    data: [rows, rows],
    xField: 'time',
    yField: ['power', 'soc'],
    meta: { power: { alias: powerName }, soc: { alias: socName, min: 0, max: 100 } },
    geometryOptions: [
      { geometry: 'line', connectNulls: false, color: '#1677ff' },
      { geometry: 'line', connectNulls: false, color: '#52c41a', ...(socSteps ? { stepType: 'hv' } : {}) },
    ],
    legend: { position: 'top' },
    xAxis: { tickCount: 8 },
    yAxis: {
      power: { label: { formatter: (v: string) => formatPower(Number(v)) } },
      soc: { label: { formatter: (v: string) => `${v} %` } },
    },
    tooltip: {
      formatter: (d: Record<string, unknown>) => ('soc' in d
        ? { name: socName, value: typeof d.soc === 'number' ? `${Number(d.soc.toFixed(1))} %` : '–' }
        : { name: powerName, value: typeof d.power === 'number' ? formatPower(d.power) : '–' }),
    },
  }), [rows, powerName, socName, socSteps]);
  return <G2Plot kind="DualAxes" options={options} height={height} testId={testId} />;
}
