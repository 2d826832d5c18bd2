// A power curve (W) with axis and tooltip on the helper's W..GW ladder; nulls stay gaps.
import { useMemo } from 'react';
import type { LineOptions } from '@antv/g2plot';
import { formatPower } from '@/lib/units';
import { G2Plot } from './g2-plot';
import type { SeriesRow } from './rows';

export function PowerCurve({ rows, height, testId }: { rows: SeriesRow[]; height?: number; testId?: string }) {
  const options = useMemo((): Omit<LineOptions, 'height' | 'autoFit'> => ({
    data: rows,
    xField: 'time',
    yField: 'value',
    seriesField: 'series',
    connectNulls: false,
    legend: { position: 'top' },
    xAxis: { tickCount: 8 },
    yAxis: { label: { formatter: (v: string) => formatPower(Number(v)) } },
    tooltip: { formatter: (d: Record<string, unknown>) => ({ name: String(d.series), value: typeof d.value === 'number' ? formatPower(d.value) : '–' }) },
  }), [rows]);
  return <G2Plot kind="Line" options={options} height={height} testId={testId} />;
}
