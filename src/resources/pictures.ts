// Fields that hold pictures: a list column rendered as an image, or a form field edited with the
// image or images widget. The detail screen shows them as pictures, not as their URLs.
import { columnSpec } from './components/column-spec';
import type { ResourceDescriptor } from './types';

const PICTURE_WIDGETS = new Set(['image', 'images']);

export function holdsPictures(descriptor: ResourceDescriptor, field: string): boolean {
  if (descriptor.list.columns.map(columnSpec).some((c) => c.field === field && c.render === 'image')) return true;
  const ui = descriptor.form?.uiSchema?.[field] as { 'ui:widget'?: string } | undefined;
  return PICTURE_WIDGETS.has(ui?.['ui:widget'] ?? '');
}

/** The URLs of a picture field's value: one, or several comma-joined (a product's gallery), or an array. */
export const pictureUrls = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',') : []);
