// Charts take "long" rows, one per point and series, which is what g2plot's seriesField wants.
// A missing value stays null, so a line shows a gap where no data was reported rather than a drop to 0.

export interface SeriesRow {
  /** The x value as shown (a time or period label, already in the plant's calendar). */
  time: string;
  /** The series' translated name. */
  series: string;
  value: number | null;
}

/** One row per point and wanted field; `label` names a field's series, `timeOf` labels a point. */
export function toRows<P, F extends keyof P & string>(
  points: readonly P[],
  fields: readonly F[],
  label: (field: F) => string,
  timeOf: (point: P) => string,
): SeriesRow[] {
  return points.flatMap((point) => fields.map((field) => {
    const value = point[field];
    return { time: timeOf(point), series: label(field), value: typeof value === 'number' && Number.isFinite(value) ? value : null };
  }));
}

/** True when no row holds a value: the chart would be an empty frame, so an empty state is shown instead. */
export const noValues = (rows: readonly SeriesRow[]) => rows.every((r) => r.value === null);
