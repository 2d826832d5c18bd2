import { describe, expect, it } from 'vitest';
import { holdsPictures, pictureUrls } from './pictures';
import type { ResourceDescriptor } from './types';

const descriptor = {
  name: 'product', entity: 'product', idField: 'id', operations: { list: 'pageProduct' }, permissions: {},
  list: { columns: [{ field: 'cover', render: 'image' }, 'productName'] },
  form: { fields: ['images', 'productName'], uiSchema: { images: { 'ui:widget': 'images' }, productName: { 'ui:widget': 'text' } } },
} as unknown as ResourceDescriptor;

describe('picture fields', () => {
  it('are image columns and fields edited with an image widget', () => {
    expect(holdsPictures(descriptor, 'cover')).toBe(true);
    expect(holdsPictures(descriptor, 'images')).toBe(true);
    expect(holdsPictures(descriptor, 'productName')).toBe(false);
  });

  it('hold one URL, several comma-joined, or an array of them', () => {
    expect(pictureUrls('/a.png')).toEqual(['/a.png']);
    expect(pictureUrls('/a.png,/b.png')).toEqual(['/a.png', '/b.png']);
    expect(pictureUrls(['/a.png'])).toEqual(['/a.png']);
    expect(pictureUrls(undefined)).toEqual([]);
  });
});
