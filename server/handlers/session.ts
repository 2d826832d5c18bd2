// Login, token rotation, logout and the login info (000 sections 3, 4 and 7).
import { AppError, ErrCode } from '../errors.ts';
import { LOCK_MINUTES, dummyHash, verifyPassword } from '../domain/auth/passwords.ts';
import { createSession, revokeSession, rotateRefreshToken } from '../repositories/sessions.ts';
import { findByLoginNameOrPhone, recordFailedLogin, recordSuccessfulLogin } from '../repositories/users.ts';
import { countVisiblePlants } from '../repositories/plants.ts';
import { defineHandlers } from './types.ts';

const badCredentials = () => new AppError(ErrCode.badParam, 'error.badCredentials');

export const sessionHandlers = defineHandlers({
  async login({ db, body }) {
    const user = await findByLoginNameOrPhone(db, body.username);
    if (!user) {
      // Same work and same answer as a wrong password: the response never tells whether the account exists.
      await verifyPassword(await dummyHash(), body.password);
      throw badCredentials();
    }
    if (user.lockedUntil && user.lockedUntil > new Date()) {
      await verifyPassword(await dummyHash(), body.password);
      throw new AppError(ErrCode.badParam, 'error.accountLocked', { minutes: LOCK_MINUTES });
    }
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      await recordFailedLogin(db, user.id);
      throw badCredentials();
    }
    await recordSuccessfulLogin(db, user.id);
    return createSession(db, user.id, { rememberMe: body.rememberMe === 1 });
  },

  async refreshToken({ db, body }) {
    return rotateRefreshToken(db, body.refreshToken);
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
