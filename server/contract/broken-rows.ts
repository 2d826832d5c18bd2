// Names the stored rows that put an answer outside its contract, so that one bad row can be
// found and mended while the list it sits in still answers (docs/input-rules.md).
interface PathError {
  instancePath: string;
}

export interface BrokenRow {
  /** JSON pointer of the row inside `data`, e.g. `/list/3`. */
  path: string;
  /** The row's identifying fields (ids, serials), never its other contents. */
  key: Record<string, unknown>;
}

const IDENTIFYING = /(^id$|Id$|^uid$|Uid$|^sn$|Sn$|^code$|Code$)/;

function at(data: unknown, segments: string[]): unknown {
  return segments.reduce<unknown>((node, segment) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined), data);
}

/** The array element that holds each failing value, with its identifying fields. */
export function brokenRows(data: unknown, errors: readonly PathError[]): BrokenRow[] {
  const rows = new Map<string, BrokenRow>();
  for (const error of errors) {
    const segments = error.instancePath.split('/').slice(1);
    const index = segments.findIndex((segment) => /^\d+$/.test(segment));
    if (index < 0) continue;
    const rowSegments = segments.slice(0, index + 1);
    const path = `/${rowSegments.join('/')}`;
    if (rows.has(path)) continue;
    const row = at(data, rowSegments);
    const key = row && typeof row === 'object'
      ? Object.fromEntries(Object.entries(row).filter(([name, value]) => IDENTIFYING.test(name) && (typeof value === 'string' || typeof value === 'number')))
      : {};
    rows.set(path, { path, key });
  }
  return [...rows.values()];
}
