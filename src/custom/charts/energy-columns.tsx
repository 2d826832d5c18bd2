// Energy per period bucket (kWh) as grouped columns, axis and tooltip on the Wh..GWh ladder.
import { useMemo } from 'react';
import type { ColumnOptions } from '@antv/g2plot';
import { formatEnergy } from '@/lib/units';
import { G2Plot } from './g2-plot';
import type { SeriesRow } from './rows';

export function EnergyColumns({ rows, height, testId }: { rows: SeriesRow[]; height?: number; testId?: string }) {
  const options = useMemo((): Omit<ColumnOptions, 'height' | 'autoFit'> => ({
    data: rows,
    xField: 'time',
    yField: 'value',
    seriesField: 'series',
    isGroup: true,
    legend: { position: 'top' },
    yAxis: { label: { formatter: (v: string) => formatEnergy(Number(v)) } },
    tooltip: { formatter: (d: Record<string, unknown>) => ({ name: String(d.series), value: typeof d.value === 'number' ? formatEnergy(d.value) : '–' }) },
  }), [rows]);
  return <G2Plot kind="Column" options={options} height={height} testId={testId} />;
}
