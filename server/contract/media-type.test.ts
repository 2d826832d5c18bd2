import { describe, expect, it } from 'vitest';
import { mediaType } from './media-type.ts';

describe('mediaType', () => {
  it('reads type and subtype case-insensitively, without parameters or whitespace', () => {
    expect(mediaType('Application/JSON')).toBe('application/json');
    expect(mediaType(' application/JSON ; charset=UTF-8')).toBe('application/json');
    expect(mediaType('multipart/form-data; boundary=X')).toBe('multipart/form-data');
  });

  it('is empty when there is no header', () => {
    expect(mediaType(undefined)).toBe('');
    expect(mediaType('')).toBe('');
  });
});
