// The one place that loads @antv/g2plot. It is large, so it is imported when the first chart
// mounts (its own chunk): routes without charts, the login route above all, never load it. The
// type imports below are erased at build time and cost nothing.
import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnOptions, DualAxesOptions, LineOptions, SankeyOptions } from '@antv/g2plot';
import { prefersReducedMotion } from '@/custom/shell/reduced-motion';

interface Kinds {
  Line: LineOptions;
  Column: ColumnOptions;
  /** Two series on their own y axes (a battery's power in W beside its charge in %). */
  DualAxes: DualAxesOptions;
  Sankey: SankeyOptions;
}
export type PlotKind = keyof Kinds;

interface PlotInstance {
  render(): void;
  update(options: object): void;
  destroy(): void;
}

export interface G2PlotProps<K extends PlotKind> {
  kind: K;
  /** Memoise it: every new object redraws the chart. */
  options: Omit<Kinds[K], 'height' | 'autoFit'>;
  height?: number;
  testId?: string;
}

/** Charts draw at once, without their growing animation, for users who asked for less motion. */
const withMotion = <T extends object>(options: T): T => (prefersReducedMotion() ? { ...options, animation: false } : options);

export function G2Plot<K extends PlotKind>({ kind, options, height = 260, testId }: G2PlotProps<K>) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<PlotInstance>(undefined);
  // The options of the latest render, for a plot created after the library arrives.
  const latest = useRef(options);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    latest.current = options;
    plot.current?.update(withMotion(options));
  }, [options]);

  useEffect(() => {
    let live = true;
    import('@antv/g2plot').then((g2) => {
      if (!live || !container.current) return;
      const Plot = g2[kind] as unknown as new (element: HTMLElement, options: object) => PlotInstance;
      const instance = new Plot(container.current, { ...withMotion(latest.current), height, autoFit: true });
      instance.render();
      plot.current = instance;
      setState('ready');
    }, () => live && setState('failed'));
    return () => {
      live = false;
      plot.current?.destroy();
      plot.current = undefined;
    };
  }, [kind, height]);

  if (state === 'failed') return <Alert type="warning" showIcon message={t('monitoring.chartFailed')} />;
  return (
    <div style={{ position: 'relative', height }} data-testid={testId}>
      <div ref={container} style={{ height }} />
      {state === 'loading' && <Spin style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }} />}
    </div>
  );
}
