// The export of a generated screen whose list a hand-written repository answers (the point rules):
// the same file as a stored resource's export (generic-export.ts), its columns, headings and enum
// labels read from the screen's descriptor and entity schema, so that the file reads as the screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { ROOT } from './descriptors.ts';
import { exportShape, sendRows, type ExportShape } from './generic-export.ts';

const shapes = new Map<string, ExportShape>();

/** The export shape of schemas/resources/<resource>.resource.json, read once. */
function shapeOf(resource: string, root: string): ExportShape {
  const key = `${root}\u0000${resource}`;
  let shape = shapes.get(key);
  if (!shape) {
    const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, never>;
    const descriptor = read(`schemas/resources/${resource}.resource.json`) as unknown as Parameters<typeof exportShape>[0];
    shape = exportShape(descriptor, read(`schemas/entities/${descriptor.entity}.schema.json`));
    shapes.set(key, shape);
  }
  return shape;
}

export function sendListExport(
  reply: FastifyReply, resource: string, rows: Record<string, unknown>[], format: 'xlsx' | 'csv' | undefined, lang: string, root = ROOT,
): Promise<never> {
  return sendRows(root, reply, rows, shapeOf(resource, root), format, lang);
}
