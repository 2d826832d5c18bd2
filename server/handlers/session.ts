// Login, token rotation, logout and the login info (000 sections 3, 4 and 7).
import type { FastifyBaseLogger } from 'fastify';
import { AppError, ErrCode, fieldError } from '../errors.ts';
import { dummyHash, verifyPassword } from '../domain/auth/passwords.ts';
import { LOCK_MINUTES, justLockedAccount, lockoutNotice, sourceAddress } from '../domain/auth/lockout.ts';
import { checkCaptcha } from '../repositories/captchas.ts';
import { createSession, revokeSession, rotateRefreshToken } from '../repositories/sessions.ts';
import { awardPointsSafely, dailyLoginAward } from '../services/point-awards.ts';
import { findByLoginNameOrPhone } from '../repositories/users.ts';
import { accountSubject, clearAddressFailures, failureGate, nameSubject, recordFailure } from '../repositories/login-failures.ts';
import { countVisiblePlants } from '../repositories/plants.ts';
import { findVisitorUser, isVisitorRole } from '../repositories/visitor.ts';
import type { Sender } from '../services/sender.ts';
import { defineHandlers } from './types.ts';

const badCredentials = () => new AppError(ErrCode.badParam, 'error.badCredentials');

type Account = NonNullable<Awaited<ReturnType<typeof findByLoginNameOrPhone>>>;

/**
 * Tells the owner that password login is paused. Not awaited, and its failure only logged: the
 * answer to the failed login must not wait for SMTP nor differ from a name without an account.
 */
function noticeAccountLocked(sender: Sender, account: Account, log: FastifyBaseLogger): void {
  if (!account.email) {
    log.info({ userId: account.id }, 'account locked after wrong passwords; it has no e-mail address to tell');
    return;
  }
  const text = lockoutNotice({ lang: account.lang, nickname: account.nickname, loginName: account.loginName });
  sender.send({ channel: 'email', target: account.email, purpose: 'loginLocked', ...text })
    .catch((error: unknown) => log.error({ err: error, userId: account.id }, 'the lockout notice could not be sent'));
}

export const sessionHandlers = defineHandlers({
  async login({ db, config, body, request, sender }) {
    const user = await findByLoginNameOrPhone(db, body.username);
    // No password opens a cancelled account or the demo visitor (reached only through visitorLogin):
    // they fail exactly like a name that matches no account, counted and locked the same way.
    const usable = user && user.status !== 'cancelled' && !(await isVisitorRole(db, user.roleId)) ? user : undefined;
    const subject = usable ? accountSubject(usable.id) : nameSubject(body.username);
    const source = sourceAddress(request.ip);
    const gate = await failureGate(db, subject, source);
    if (gate === 'locked') {
      await verifyPassword(await dummyHash(), body.password);
      throw new AppError(ErrCode.badParam, 'error.accountLocked', { minutes: LOCK_MINUTES });
    }
    // Before the password, so that the answer says nothing about it; a wrong captcha is no
    // password guess and counts nothing.
    if (gate === 'captcha') {
      if (!body.captchaId || !body.code) throw fieldError('code', 'captchaRequired');
      await checkCaptcha(db, body.captchaId, body.code, 'code');
    }
    if (!usable || !(await verifyPassword(usable.passwordHash, body.password))) {
      if (!usable) await verifyPassword(await dummyHash(), body.password);
      const failures = await recordFailure(db, subject, source);
      if (usable && justLockedAccount(failures)) noticeAccountLocked(sender, usable, request.log);
      throw badCredentials();
    }
    // Only someone who knows the password learns that an administrator locked the account, and
    // so does not go on to reset a password that is not the problem.
    if (usable.status === 'locked') throw new AppError(ErrCode.badParam, 'error.accountDisabled');
    await clearAddressFailures(db, subject, source);
    const tokens = await createSession(db, usable.id, { rememberMe: body.rememberMe === 1, accessTtlS: config.accessTokenTtlS });
    await awardPointsSafely(db, [dailyLoginAward(usable.id)], request.log);
    return tokens;
  },

  async visitorLogin({ db, config }) {
    // The visitor account exists only in the demo; production answers the same even if one was seeded once.
    const visitor = config.demo ? await findVisitorUser(db) : undefined;
    if (!visitor) throw new AppError(ErrCode.badParam, 'error.visitorUnavailable');
    return createSession(db, visitor.id, { rememberMe: false, visitor: true, accessTtlS: config.accessTokenTtlS });
  },

  async refreshToken({ db, config, body }) {
    return rotateRefreshToken(db, body.refreshToken, { accessTtlS: config.accessTokenTtlS });
  },

  async logout({ db, user }) {
    await revokeSession(db, user.sessionId, 'logout');
    return null;
  },

  async getLoginInfo({ db, user, counts }) {
    // Asked on every page load: counted again only when plants or this user's scope change.
    const plantCount = await counts.get(`plants:${user.userId}`, () => countVisiblePlants(db, user));
    return {
      userInfo: {
        userId: user.userId,
        loginName: user.loginName,
        nickname: user.nickname,
        userType: user.userType as 0 | 1,
        userHead: user.userHead,
        lang: user.lang,
        visitor: user.visitor,
      },
      roles: [user.roleKey],
      permissions: user.permissions,
      // End users land on their plant; professionals on the overview of all plants in scope.
      homeMenuType: user.userType === 0 ? 2 : 1,
      hasPlant: plantCount > 0,
      plantCount,
      officeId: user.officeId,
      officeName: user.officeName,
    };
  },
});
