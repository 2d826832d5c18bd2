// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { captchaRuleOf } from './login-submit';

const field = (field: string, rule: string) => ({ field, rule, message: `${field}: ${rule}` });

describe('captchaRuleOf', () => {
  it('finds the rule with which the server asks for a (new) captcha', () => {
    expect(captchaRuleOf(new ApiError(10003, 'code: ...', [field('code', 'captchaRequired')]))).toBe('captchaRequired');
    expect(captchaRuleOf(new ApiError(10003, 'code: ...', [field('code', 'captchaWrong')]))).toBe('captchaWrong');
    expect(captchaRuleOf(new ApiError(10003, 'captchaId: ...', [field('captchaId', 'captchaExpired')]))).toBe('captchaExpired');
  });

  it('finds none in a wrong password, a lock, a field error or a network failure', () => {
    expect(captchaRuleOf(new ApiError(10003, 'Wrong account or password'))).toBeUndefined();
    expect(captchaRuleOf(new ApiError(10003, 'password: is required', [field('password', 'required')]))).toBeUndefined();
    expect(captchaRuleOf(new ApiError(-1, 'network'))).toBeUndefined();
    expect(captchaRuleOf({ name: 'login', message: 'x' })).toBeUndefined();
  });
});
