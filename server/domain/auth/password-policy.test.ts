import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/messages.ts';
import { COMMON_PASSWORDS, PASSWORD_MAX_LENGTH, assertPassword, checkPassword, passwordFieldError } from './password-policy.ts';

describe('checkPassword', () => {
  it('accepts a long, uncommon password, such as the demo one', () => {
    expect(checkPassword('Demo@2026')).toBeNull();
    expect(checkPassword('correct horse battery staple', { loginName: 'admin' })).toBeNull();
    expect(checkPassword('x'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
  });

  it('refuses fewer than 8 and more than 64 characters, counting characters rather than bytes', () => {
    expect(checkPassword('')).toBe('minLength');
    expect(checkPassword('Ab1@xyz')).toBe('minLength');
    expect(checkPassword('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('maxLength');
    expect(checkPassword('密码密码密码密码')).toBeNull();
    expect(checkPassword('😀'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
  });

  it('refuses the most common passwords whatever their case', () => {
    for (const common of ['password', 'PASSWORD', '12345678', 'qwertyuiop', 'Password1', 'P@ssw0rd', 'iloveyou1', '1qaz2wsx', 'baseball', 'football']) {
      expect(checkPassword(common), common).toBe('common');
    }
  });

  it('ships at least the 1,000 most common passwords, lower-cased, without the comment line', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(1000);
    for (const entry of ['123456', 'password', '12345678', 'qwerty', '123456789', 'letmein', 'dragon']) expect(COMMON_PASSWORDS.has(entry)).toBe(true);
    expect([...COMMON_PASSWORDS].every((p) => p === p.toLowerCase() && p === p.trim() && !p.startsWith('#'))).toBe(true);
  });

  it('refuses the login name as password, ignoring case and surrounding spaces of the name', () => {
    expect(checkPassword('installer99', { loginName: 'installer99' })).toBe('sameAsLogin');
    expect(checkPassword('Installer99', { loginName: ' INSTALLER99 ' })).toBe('sameAsLogin');
    expect(checkPassword('installer99', { loginName: 'installer' })).toBeNull();
    expect(checkPassword('installer99')).toBeNull();
  });
});

describe('passwordFieldError', () => {
  it('names the field and a rule with a message in every language', () => {
    const error = passwordFieldError('newPassword', 'minLength');
    expect(error).toBeInstanceOf(AppError);
    expect(error.fields).toEqual([{ field: 'newPassword', rule: 'password.minLength' }]);
    for (const lang of ['en', 'zh-CN']) {
      for (const violation of ['minLength', 'maxLength', 'common', 'sameAsLogin'] as const) {
        const e = passwordFieldError('password', violation);
        const message = translate(lang, e.messageKey, e.params);
        expect(message, `${lang} ${violation}`).not.toBe(e.messageKey);
        expect(message).toContain('password');
      }
    }
    expect(translate('en', error.messageKey, error.params)).toBe('newPassword: must be at least 8 characters');
  });

  it('is thrown by assertPassword for the first broken rule only', () => {
    expect(() => assertPassword('password', 'Demo@2026')).not.toThrow();
    expect(() => assertPassword('password', 'qwerty')).toThrow(expect.objectContaining({ params: expect.objectContaining({ limit: 8 }) }));
    expect(() => assertPassword('password', 'password1')).toThrow(expect.objectContaining({ messageKey: 'rule.password.common' }));
  });
});
