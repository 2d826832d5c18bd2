import { describe, expect, it } from 'vitest';
import { objectOfTabKey, pathOfTabKey, tabKeyOf } from './multi-tab';

describe('the tab of a location', () => {
  it.each([
    ['/plant', '', '/plant'],
    ['/plant', '?keyword=roof&pageNo=2', '/plant'],
    ['/plant', '?plantUid=demo-plant-01&tab=devices', '/plant?plantUid=demo-plant-01'],
    ['/plant/', '?plantUid=a%20b', '/plant?plantUid=a%20b'],
    ['/battery/detail', '?plantUid=P1&deviceSn=BAT01', '/battery/detail?deviceSn=BAT01'],
    ['/battery/detail', '?plantUid=P1', '/battery/detail?plantUid=P1'],
    ['/system/account', '?pageNo=3', '/system/account'],
    ['/', '', '/'],
  ])('%s%s is the tab %s', (pathname, search, key) => {
    expect(tabKeyOf(pathname, search)).toBe(key);
  });

  it('gives back the path and the object of a key', () => {
    expect(pathOfTabKey('/plant?plantUid=demo-plant-01')).toBe('/plant');
    expect(objectOfTabKey('/plant?plantUid=demo-plant-01')).toBe('demo-plant-01');
    expect(objectOfTabKey('/plant?plantUid=a%20b')).toBe('a b');
    expect(pathOfTabKey('/system/account')).toBe('/system/account');
    expect(objectOfTabKey('/system/account')).toBeUndefined();
  });
});
