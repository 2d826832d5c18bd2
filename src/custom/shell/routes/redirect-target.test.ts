// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterLoginTarget, loginUrlFor, safeRedirect } from './redirect-target';

const ORIGIN = 'https://portal.example';

describe('safeRedirect', () => {
  it.each([
    ['/plant', '/plant'],
    ['/plant/show/7?tab=devices#top', '/plant/show/7?tab=devices#top'],
    ['/system/users?pageNo=2&lang=zh', '/system/users?pageNo=2&lang=zh'],
    ['/a/../system', '/system'],
  ])('follows a path of this site: %s', (redirect, expected) => {
    expect(safeRedirect(redirect, ORIGIN)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['plant'],
    ['https://evil.example/plant'],
    ['//evil.example/plant'],
    ['/\\evil.example'],
    ['/\tevil'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/login?redirect=/plant'],
  ])('answers / for what is not a path of this site, or the login itself: %s', (redirect) => {
    expect(safeRedirect(redirect, ORIGIN)).toBe('/');
  });
});

describe('loginUrlFor', () => {
  it('carries the full path, query included, as redirect', () => {
    expect(loginUrlFor('/plant/show/7?tab=devices')).toBe('/login?redirect=%2Fplant%2Fshow%2F7%3Ftab%3Ddevices');
  });

  it('adds nothing for the root', () => {
    expect(loginUrlFor('/')).toBe('/login');
  });

  it('keeps the path\'s language on the login page', () => {
    expect(loginUrlFor('/alarm?lang=zh')).toBe('/login?redirect=%2Falarm%3Flang%3Dzh&lang=zh');
  });
});

describe('afterLoginTarget', () => {
  it('goes back to the sanitised redirect', () => {
    expect(afterLoginTarget('?redirect=%2Fplant%3Fq%3D1', ORIGIN)).toBe('/plant?q=1');
    expect(afterLoginTarget('?redirect=https%3A%2F%2Fevil.example', ORIGIN)).toBe('/');
    expect(afterLoginTarget('', ORIGIN)).toBe('/');
  });

  it('keeps the login page\'s lang, unless the target names its own', () => {
    expect(afterLoginTarget('?lang=zh', ORIGIN)).toBe('/?lang=zh');
    expect(afterLoginTarget('?redirect=%2Fplant&lang=zh', ORIGIN)).toBe('/plant?lang=zh');
    expect(afterLoginTarget('?redirect=%2Fplant%3Flang%3Den&lang=zh', ORIGIN)).toBe('/plant?lang=en');
  });
});
