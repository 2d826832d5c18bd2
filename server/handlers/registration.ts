// Registration, code login and password reset: each runs in one transaction with the
// consumption of its verification code.
import { assertPassword } from '../domain/auth/password-policy.ts';
import { hashPassword } from '../domain/auth/passwords.ts';
import { normaliseEmail, normalisePhone, parseTarget } from '../domain/codes/codes.ts';
import { loginNameForEmail, nicknameForEmail } from '../domain/registration/login-name.ts';
import { mainTimeZone } from '../domain/registration/time-zones.ts';
import { AppError, ErrCode, fieldError } from '../errors.ts';
import { findUserByTarget, withCode } from '../repositories/codes.ts';
import { createEndUser, setPassword } from '../repositories/registration.ts';
import { createSession, revokeUserSessions } from '../repositories/sessions.ts';
import { awardPointsSafely, dailyLoginAward } from '../services/point-awards.ts';
import { isVisitorRole } from '../repositories/visitor.ts';
import type { Db } from '../db/client.ts';
import { defineHandlers } from './types.ts';

/**
 * A locked or cancelled account is refused after the code: only its owner learns why. The demo
 * visitor is answered like an unknown target: a code must never open a writable session on it.
 */
async function usableAccount(db: Db, user: Awaited<ReturnType<typeof findUserByTarget>>) {
  // Cancelled accounts are answered as unknown targets are: their codes were never delivered.
  if (!user || user.status === 'cancelled' || (await isVisitorRole(db, user.roleId))) throw fieldError('code', 'codeExpired');
  if (user.status === 'locked') throw new AppError(ErrCode.badParam, 'codes.accountUnavailable');
  return user;
}

export const registrationHandlers = defineHandlers({
  async registerCN({ db, body, lang }) {
    const phone = normalisePhone(body.phone);
    assertPassword('password', body.password, { loginName: phone });
    const passwordHash = await hashPassword(body.password);
    return withCode(db, { purpose: 'register', target: phone, code: body.code }, (tx) => createEndUser(tx, {
      loginName: phone, nickname: body.nickname ?? phone, phone, passwordHash, lang,
      countryCode: body.countryCode, timeZone: mainTimeZone(body.countryCode),
    }, 'phone'));
  },

  async registerForeign({ db, body, lang }) {
    const email = normaliseEmail(body.email);
    const loginName = loginNameForEmail(email);
    assertPassword('password', body.password, { loginName });
    const passwordHash = await hashPassword(body.password);
    return withCode(db, { purpose: 'register', target: email, code: body.code }, (tx) => createEndUser(tx, {
      loginName, nickname: body.nickname ?? nicknameForEmail(body.email.trim()), email, passwordHash, lang,
      countryCode: body.countryCode, timeZone: body.timeZone ?? mainTimeZone(body.countryCode),
    }, 'email'));
  },

  async codeLogin({ db, config, body }) {
    const { channel, target } = parseTarget(body.target);
    return withCode(db, { purpose: 'login', target, code: body.code }, async (tx) => {
      const user = await usableAccount(tx, await findUserByTarget(tx, channel, target));
      const tokens = await createSession(tx, user.id, { rememberMe: body.rememberMe === 1, accessTtlS: config.accessTokenTtlS });
      await awardPointsSafely(tx, [dailyLoginAward(user.id)]);
      return tokens;
    });
  },

  async resetPwd({ db, body }) {
    const { channel, target } = parseTarget(body.target);
    // The rules that need no account first; the login-name rule only once the code proved the caller.
    assertPassword('password', body.password);
    const passwordHash = await hashPassword(body.password);
    await withCode(db, { purpose: 'resetPwd', target, code: body.code }, async (tx) => {
      const user = await usableAccount(tx, await findUserByTarget(tx, channel, target));
      assertPassword('password', body.password, { loginName: user.loginName });
      await setPassword(tx, user.id, passwordHash);
      await revokeUserSessions(tx, user.id, 'password');
    });
    return null;
  },
});
