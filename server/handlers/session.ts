// Login, token rotation, logout and the login info (000 sections 3, 4 and 7).
import { AppError, ErrCode } from '../errors.ts';
import { LOCK_MINUTES, dummyHash, verifyPassword } from '../domain/auth/passwords.ts';
import { createSession, revokeSession, rotateRefreshToken } from '../repositories/sessions.ts';
import { findByLoginNameOrPhone } from '../repositories/users.ts';
import { accountSubject, clearFailures, isLocked, nameSubject, recordFailure } from '../repositories/login-failures.ts';
import { countVisiblePlants } from '../repositories/plants.ts';
import { findVisitorUser, isVisitorRole } from '../repositories/visitor.ts';
import { defineHandlers } from './types.ts';

const badCredentials = () => new AppError(ErrCode.badParam, 'error.badCredentials');

export const sessionHandlers = defineHandlers({
  async login({ db, config, body }) {
    const user = await findByLoginNameOrPhone(db, body.username);
    // No password opens a cancelled account or the demo visitor (reached only through visitorLogin):
    // they fail exactly like a name that matches no account, including the lock after five tries.
    const usable = user && user.status !== 'cancelled' && !(await isVisitorRole(db, user.roleId)) ? user : undefined;
    const subject = usable ? accountSubject(usable.id) : nameSubject(body.username);
    if (await isLocked(db, subject)) {
      await verifyPassword(await dummyHash(), body.password);
      throw new AppError(ErrCode.badParam, 'error.accountLocked', { minutes: LOCK_MINUTES });
    }
    if (!usable || !(await verifyPassword(usable.passwordHash, body.password))) {
      if (!usable) await verifyPassword(await dummyHash(), body.password);
      await recordFailure(db, subject);
      throw badCredentials();
    }
    // Only someone who knows the password learns that an administrator locked the account, and
    // so does not go on to reset a password that is not the problem.
    if (usable.status === 'locked') throw new AppError(ErrCode.badParam, 'error.accountDisabled');
    await clearFailures(db, subject);
    return createSession(db, usable.id, { rememberMe: body.rememberMe === 1, accessTtlS: config.accessTokenTtlS });
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

  async getLoginInfo({ db, user }) {
    const plantCount = await countVisiblePlants(db, user);
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
