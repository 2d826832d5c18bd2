import { describe, expect, it } from 'vitest';
import { codeChannel, isEmail, isImageFile, isMainlandMobile } from './validators';

describe('account input rules', () => {
  it('accepts mainland mobiles with an optional +86 or 0086 prefix', () => {
    expect(isMainlandMobile('13812345678')).toBe(true);
    expect(isMainlandMobile('+8613812345678')).toBe(true);
    expect(isMainlandMobile('008619912345678')).toBe(true);
    expect(isMainlandMobile('12812345678')).toBe(false);
    expect(isMainlandMobile('1381234567')).toBe(false);
    expect(isMainlandMobile('+4413812345678')).toBe(false);
  });

  it('accepts local-part@domain addresses', () => {
    expect(isEmail('owner@example.com')).toBe(true);
    expect(isEmail(' owner@example.com ')).toBe(true);
    expect(isEmail('owner@example')).toBe(false);
    expect(isEmail('owner example.com')).toBe(false);
  });

  it('tells where a code goes', () => {
    expect(codeChannel('owner@example.com')).toBe('email');
    expect(codeChannel('13812345678')).toBe('sms');
    expect(codeChannel('owner')).toBeUndefined();
  });
});

describe('image files', () => {
  it('takes the mime type, or an image extension when the browser gives none', () => {
    expect(isImageFile({ name: 'me.bin', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'ME.JPEG', type: '' })).toBe(true);
    expect(isImageFile({ name: 'logo.svg', type: '' })).toBe(true);
    expect(isImageFile({ name: 'notes.pdf', type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ name: 'jpg', type: '' })).toBe(false);
  });
});
