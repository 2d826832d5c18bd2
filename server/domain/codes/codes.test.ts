import { describe, expect, it } from 'vitest';
import {
  CODE_TTL_S, RESEND_AFTER_S, channelCarries, hashCaptchaAnswer, hashCode, needsFreeTarget, newCode, normaliseEmail,
  normalisePhone, parseTarget, resendWait, sameHash, windowRetryAfter,
} from './codes.ts';
import { codeMessage } from './message.ts';

describe('codes', () => {
  it('are 6 random digits, leading zeros kept', () => {
    const codes = Array.from({ length: 500 }, newCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  it('hash with the purpose and the target mixed in', () => {
    const base = hashCode('register', '13800000001', '123456');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode('register', '13800000001', '123456')).toBe(base);
    expect(hashCode('login', '13800000001', '123456')).not.toBe(base);
    expect(hashCode('register', '13800000002', '123456')).not.toBe(base);
    expect(hashCode('register', '13800000001', '123457')).not.toBe(base);
    expect(sameHash(base, hashCode('register', '13800000001', '123456'))).toBe(true);
    expect(sameHash(base, hashCode('register', '13800000001', '654321'))).toBe(false);
    expect(sameHash(base, 'abcd')).toBe(false);
  });

  it('hash captcha answers case-insensitively, per captcha', () => {
    expect(hashCaptchaAnswer('c1', ' AbCd ')).toBe(hashCaptchaAnswer('c1', 'abcd'));
    expect(hashCaptchaAnswer('c2', 'abcd')).not.toBe(hashCaptchaAnswer('c1', 'abcd'));
  });
});

describe('targets', () => {
  it('store mainland numbers without +86 or 0086, and addresses lower-cased', () => {
    expect(normalisePhone('+8613800000001')).toBe('13800000001');
    expect(normalisePhone('008613800000001')).toBe('13800000001');
    expect(normalisePhone(' 13800000001 ')).toBe('13800000001');
    // Only a prefix in front of a full mainland number is one.
    expect(normalisePhone('+86123')).toBe('+86123');
    expect(normaliseEmail(' Some.One@Example.COM ')).toBe('some.one@example.com');
  });

  it('tell a phone number from an e-mail address in one field', () => {
    expect(parseTarget('+8613800000001')).toEqual({ channel: 'sms', target: '13800000001' });
    expect(parseTarget('Owner@Example.org')).toEqual({ channel: 'email', target: 'owner@example.org' });
  });

  it('carry phone changes by SMS and e-mail changes by e-mail only', () => {
    expect(channelCarries('sms', 'modifyPhone')).toBe(true);
    expect(channelCarries('email', 'modifyPhone')).toBe(false);
    expect(channelCarries('email', 'modifyEmail')).toBe(true);
    expect(channelCarries('sms', 'modifyEmail')).toBe(false);
    for (const purpose of ['register', 'login', 'resetPwd', 'cancel'] as const) {
      expect(channelCarries('sms', purpose) && channelCarries('email', purpose)).toBe(true);
    }
  });

  it('need a free target to register or change a contact, an account for the rest', () => {
    expect(['register', 'modifyPhone', 'modifyEmail'].every((p) => needsFreeTarget(p as never))).toBe(true);
    expect(['login', 'resetPwd', 'cancel'].some((p) => needsFreeTarget(p as never))).toBe(false);
  });
});

describe('limits', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);

  it('make a resend wait until 60 s after the last code', () => {
    expect(resendWait(undefined, at(0))).toBeNull();
    expect(resendWait(at(0), at(0))).toBe(RESEND_AFTER_S);
    expect(resendWait(at(0), at(0.5))).toBe(60);
    expect(resendWait(at(0), at(59))).toBe(1);
    expect(resendWait(at(0), at(60))).toBeNull();
    expect(resendWait(at(10), at(0))).toBe(60);
  });

  it('retry after the oldest code of the hour leaves it', () => {
    expect(windowRetryAfter(at(0), at(600))).toBe(3000);
    expect(windowRetryAfter(at(0), at(3599.5))).toBe(1);
    expect(windowRetryAfter(at(0), at(4000))).toBe(1);
  });
});

describe('code messages', () => {
  it('carry the code, its purpose and its validity in the request\'s language', () => {
    const sms = codeMessage({ channel: 'sms', purpose: 'resetPwd', code: '012345', lang: 'en' });
    expect(sms.subject).toBe('Solar Portal verification code');
    expect(sms.body).toBe(`[Solar Portal] Your verification code for resetting your password is 012345. It is valid for ${CODE_TTL_S / 60} minutes. Never share it with anyone.`);
    const zh = codeMessage({ channel: 'email', purpose: 'cancel', code: '999999', lang: 'zh-CN' });
    expect(zh.subject).toBe('Solar Portal 验证码');
    expect(zh.body).toContain('您用于注销账号的验证码为');
    expect(zh.body).toContain('999999');
    expect(zh.body).toContain('5 分钟内有效');
  });

  it('name the app in the mobile-app variant', () => {
    expect(codeMessage({ channel: 'sms', purpose: 'login', code: '111111', lang: 'en', app: true }).body).toMatch(/^\[Solar Portal app\] /);
  });
});
