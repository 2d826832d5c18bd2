import { describe, expect, it } from 'vitest';
import { loginNameForEmail, nicknameForEmail } from './login-name.ts';
import { mainTimeZone } from './time-zones.ts';

const LOGIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._@+-]*$/;

describe('login names from e-mail addresses', () => {
  it('keep an address that fits, lower-cased', () => {
    expect(loginNameForEmail('Jane.Doe+solar@Example.org')).toBe('jane.doe+solar@example.org');
  });

  it('make other addresses fit the login-name rule', () => {
    for (const email of ["o'brien@example.ie", '_x@a.io', '#!$@a.co', `${'a'.repeat(95)}@example.com`]) {
      const name = loginNameForEmail(email);
      expect(name, email).toMatch(LOGIN_NAME);
      expect(name.length, email).toBeGreaterThanOrEqual(4);
      expect(name.length, email).toBeLessThanOrEqual(100);
    }
    expect(loginNameForEmail("o'brien@example.ie")).toBe('o-brien@example.ie');
  });

  it('give a nickname from the local part, at most 30 characters', () => {
    expect(nicknameForEmail('New.Owner@example.org')).toBe('New.Owner');
    expect(nicknameForEmail(`${'n'.repeat(40)}@example.org`)).toBe('n'.repeat(30));
  });
});

describe('main time zones', () => {
  it('pick the most populous zone of a country with several', () => {
    expect(mainTimeZone('US')).toBe('America/New_York');
    expect(mainTimeZone('au')).toBe('Australia/Sydney');
    expect(mainTimeZone('CN')).toBe('Asia/Shanghai');
  });

  it('take the only zone of the others, and none for unknown codes', () => {
    expect(mainTimeZone('FR')).toBe('Europe/Paris');
    expect(mainTimeZone('SE')).toBe('Europe/Stockholm');
    expect(mainTimeZone('XX')).toBeUndefined();
    expect(mainTimeZone('not a code')).toBeUndefined();
  });

  it('name only zones the runtime knows', () => {
    for (const code of ['AR', 'BR', 'CA', 'CD', 'CL', 'CY', 'DE', 'EC', 'ES', 'FM', 'GL', 'ID', 'KI', 'KZ', 'MN', 'MX', 'MY', 'NZ', 'PF', 'PG', 'PT', 'RU', 'UA', 'UM', 'UZ']) {
      const zone = mainTimeZone(code)!;
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), `${code} ${zone}`).not.toThrow();
    }
  });
});
