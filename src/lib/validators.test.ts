import { describe, expect, it } from 'vitest';
import profile from '../../schemas/entities/user-profile.schema.json';
import { MAINLAND_MOBILE, codeChannel, isElevenDigitMobile, isEmail, isImageFile, isMainlandMobile, isTimeOfDay, withoutMainlandPrefix } from './validators';

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

describe('mobile rules of 000 section 5', () => {
  it.each([
    ['13812345678', true, true],
    ['+8613812345678', true, false],
    ['008619912345678', true, false],
    ['12812345678', false, true],
    ['10000000000', false, true],
    ['1381234567', false, false],
    ['138123456789', false, false],
    ['23812345678', false, false],
    ['+4413812345678', false, false],
    ['86138123456', false, false],
  ])('%s: mainland %s, 11 digits from 1 %s', (value, mainland, eleven) => {
    expect(isMainlandMobile(value)).toBe(mainland);
    expect(isElevenDigitMobile(value)).toBe(eleven);
  });

  it.each([
    ['+8613812345678', '13812345678'],
    [' 008613812345678 ', '13812345678'],
    ['13812345678', '13812345678'],
    ['+86123', '+86123'],
  ])('stores %j as %j', (value, stored) => expect(withoutMainlandPrefix(value)).toBe(stored));

  it('is the rule the contract checks a user\'s phone with', () => expect(profile.properties.phone.pattern).toBe(MAINLAND_MOBILE.source));
});

describe('e-mail rule', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@mail.example.cn', true],
    ['a@b', false],
    ['@b.co', false],
    ['a@@b.co', false],
    ['a b@c.co', false],
    ['', false],
  ])('%j is an e-mail: %s', (value, valid) => expect(isEmail(value)).toBe(valid));
});

describe('time of day HH:mm:ss', () => {
  it.each([
    ['00:00:00', 24, true],
    ['23:59:59', 24, true],
    ['24:00:00', 24, false],
    ['12:60:00', 24, false],
    ['7:05:00', 24, false],
    ['07:05', 24, false],
    ['12:00:00', 12, true],
    ['01:30:15 PM', 12, true],
    ['11:59:59am', 12, true],
    ['00:10:00', 12, false],
    ['13:00:00', 12, false],
  ] as const)('%s on the %s-hour clock: %s', (value, clock, valid) => expect(isTimeOfDay(value, clock)).toBe(valid));
});

describe('image files by mime or extension', () => {
  it.each([
    ['photo.bin', 'image/jpeg', true],
    ['a.jpg', '', true],
    ['a.JPEG', '', true],
    ['a.png', '', true],
    ['a.gif', '', true],
    ['a.bmp', '', true],
    ['a.webp', '', true],
    ['a.svg', '', true],
    ['a.tiff', '', false],
    ['a.png.exe', 'application/octet-stream', false],
  ])('%s (%j): %s', (name, type, image) => expect(isImageFile({ name, type })).toBe(image));
});
