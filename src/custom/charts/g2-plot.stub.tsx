// What component tests draw instead of a chart (jsdom has no canvas): the rows the chart was
// given, as attributes to read: how many, their distinct times, and all of them as JSON.
// Use: vi.mock('@/custom/charts/g2-plot', () => import('@/custom/charts/g2-plot.stub')).
export function G2Plot({ options, testId }: { options: { data: unknown[] }; testId?: string | undefined }) {
  const times = [...new Set((options.data as { time?: unknown }[]).map((row) => row?.time).filter((t) => t !== undefined))];
  return <div data-testid={testId} data-rows={options.data.length} data-times={times.join(',')} data-json={JSON.stringify(options.data)} />;
}
