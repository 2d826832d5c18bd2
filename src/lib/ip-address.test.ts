import { describe, expect, it } from 'vitest';
import { isFullIPv6, isIPAddress, isIPv4, isStrictIPv4, isSubnetMask } from './ip-address';

describe('IPv4', () => {
  it.each([
    ['192.168.1.1', true, true],
    ['0.0.0.0', true, true],
    ['255.255.255.255', true, true],
    ['10.0.0.01', true, false],
    ['010.1.1.1', true, false],
    ['256.1.1.1', false, false],
    ['1.1.1', false, false],
    ['1.1.1.1.1', false, false],
    ['a.b.c.d', false, false],
    [' 1.1.1.1', false, false],
  ])('%j: IPv4 %s, strict %s', (value, loose, strict) => {
    expect(isIPv4(value)).toBe(loose);
    expect(isStrictIPv4(value)).toBe(strict);
  });
});

describe('full IPv6', () => {
  it.each([
    ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', true],
    ['2001:db8:0:0:0:0:2:1', true],
    ['FE80:0:0:0:202:B3FF:FE1E:8329', true],
    ['2001:db8::2:1', false],
    ['::1', false],
    ['2001:db8:0:0:0:0:2', false],
    ['2001:db8:0:0:0:0:2:1:9', false],
    ['2001:db8:0:0:0:0:2:g', false],
    ['12345:0:0:0:0:0:0:1', false],
  ])('%j: %s', (value, valid) => {
    expect(isFullIPv6(value)).toBe(valid);
    expect(isIPAddress(value)).toBe(valid);
  });
});

describe('subnet masks', () => {
  it.each([
    ['255.255.255.0', true],
    ['255.255.0.0', true],
    ['255.255.255.255', true],
    ['128.0.0.0', true],
    ['255.255.255.252', true],
    ['1', true],
    ['24', true],
    ['32', true],
    ['0', false],
    ['33', false],
    ['255.0.255.0', false],
    ['255.255.255.1', false],
    ['0.0.0.0', false],
    ['255.255.255.000', false],
  ])('%j: %s', (value, valid) => expect(isSubnetMask(value)).toBe(valid));
});
