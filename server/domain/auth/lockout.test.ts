import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LOCK_AFTER_FAILURES, ALL_ADDRESSES, CAPTCHA_AFTER_FAILURES, MAX_FAILURES_PER_ADDRESS, type FailureCount,
  isCurrent, justLockedAccount, lockoutNotice, loginGate, sourceAddress,
} from './lockout.ts';

const now = new Date('2026-05-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const count = (failures: number, startedMinutesAgo = 1, lockedUntil: Date | null = null): FailureCount => ({ failures, windowStartedAt: minutesAgo(startedMinutesAgo), lockedUntil });

describe('the limits', () => {
  it('are the ones of issue 3: 5 per address, captcha after 20, lock after 100', () => {
    expect([MAX_FAILURES_PER_ADDRESS, CAPTCHA_AFTER_FAILURES, ACCOUNT_LOCK_AFTER_FAILURES]).toEqual([5, 20, 100]);
  });

  it('tell the owner once, on the failure that set the account lock', () => {
    expect(justLockedAccount(99)).toBe(false);
    expect(justLockedAccount(100)).toBe(true);
    expect(justLockedAccount(101)).toBe(false);
  });
});

describe('sourceAddress', () => {
  it('keeps IPv4 addresses and groups IPv6 ones by /64, like the rate limit', () => {
    expect(sourceAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(sourceAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(sourceAddress('2001:db8:1:2::1')).toBe(sourceAddress('2001:db8:1:2:ffff:0:0:9'));
    expect(sourceAddress('2001:db8:1:2::1')).not.toBe(sourceAddress('2001:db8:1:3::1'));
    expect(sourceAddress('2001:db8:1:2::1')).not.toBe(ALL_ADDRESSES);
  });
});

describe('loginGate', () => {
  it('is open without failures or below the limits', () => {
    expect(loginGate({}, now)).toBe('open');
    expect(loginGate({ address: count(4), all: count(19) }, now)).toBe('open');
  });

  it('locks while either lock lasts, before asking for a captcha', () => {
    const locked = count(5, 3, new Date(now.getTime() + 60_000));
    expect(loginGate({ address: locked, all: count(5) }, now)).toBe('locked');
    expect(loginGate({ all: count(100, 3, new Date(now.getTime() + 60_000)) }, now)).toBe('locked');
    expect(loginGate({ address: locked, all: count(50) }, now)).toBe('locked');
  });

  it('asks for a captcha from 20 failures over all addresses within the window', () => {
    expect(loginGate({ all: count(20) }, now)).toBe('captcha');
    expect(loginGate({ address: count(2), all: count(99, 14) }, now)).toBe('captcha');
  });

  it('forgets a count whose window has passed, and a lock that has ended', () => {
    expect(loginGate({ all: count(50, 15) }, now)).toBe('open');
    expect(loginGate({ address: count(5, 20, minutesAgo(1)), all: count(5, 20, null) }, now)).toBe('open');
    expect(loginGate({ all: count(100, 20, minutesAgo(1)) }, now)).toBe('open');
  });
});

describe('isCurrent', () => {
  it('holds a count inside its window, or while it holds a lock', () => {
    expect(isCurrent(undefined, now)).toBe(false);
    expect(isCurrent(count(3, 14.9), now)).toBe(true);
    expect(isCurrent(count(3, 15), now)).toBe(false);
    expect(isCurrent(count(100, 16, new Date(now.getTime() + 1000)), now)).toBe(true);
  });
});

describe('lockoutNotice', () => {
  it('names the account, the limits and the way back in, in the owner\'s language', () => {
    const en = lockoutNotice({ lang: 'en', nickname: 'Sam', loginName: 'support' });
    expect(en.subject).toBe('Solar Portal: password login to your account is paused');
    expect(en.body).toContain('Hello Sam,');
    expect(en.body).toContain('100 attempts within 15 minutes to log in to your account support');
    expect(en.body).toContain('paused for 15 minutes');
    expect(en.body).toContain('verification code');
    const zh = lockoutNotice({ lang: 'zh-CN', nickname: 'Sam', loginName: 'support' });
    expect(zh.subject).toBe('Solar Portal：您的账号已暂停密码登录');
    expect(zh.body).toContain('15 分钟内有 100 次');
    expect(zh.body).not.toMatch(/\{\w+\}/);
  });
});
