// Refine's auth provider over the session calls (000 section 4).
import type { AuthProvider } from '@refinedev/core';
import { ApiError, ErrCode, call } from '@/api/client';
import { REMEMBER_ME_TTL_S, clearSession, isLoggedIn, keys, load, remove, save, setTokens } from '@/api/storage';
import { currentLoginInfo, forgetSession } from './session';

export interface LoginForm {
  username: string;
  password: string;
  rememberMe?: boolean;
}

export interface RememberedLogin {
  username: string;
  rememberMe: true;
}

/** Remember-me keeps the login name and the flag for 15 days, never the password. */
export const rememberedLogin = () => load<RememberedLogin>(keys.rememberMe);

export const authProvider: AuthProvider = {
  async login({ username, password, rememberMe }: LoginForm) {
    try {
      const tokens = await call('login', { body: { username, password, rememberMe: rememberMe ? 1 : 0 }, silent: true });
      setTokens(tokens.token, tokens.refreshToken);
      if (rememberMe) save<RememberedLogin>(keys.rememberMe, { username, rememberMe: true }, REMEMBER_ME_TTL_S);
      else remove(keys.rememberMe);
      forgetSession();
      return { success: true, redirectTo: '/' };
    } catch (error) {
      return { success: false, error: { name: 'login', message: (error as Error).message } };
    }
  },

  async logout() {
    if (isLoggedIn()) await call('logout', { silent: true, ignoreSession: true }).catch(() => undefined);
    clearSession();
    forgetSession();
    return { success: true, redirectTo: '/login' };
  },

  async check() {
    if (!isLoggedIn()) return { authenticated: false, redirectTo: '/login', logout: true };
    try {
      await currentLoginInfo();
      return { authenticated: true };
    } catch {
      clearSession();
      forgetSession();
      return { authenticated: false, redirectTo: '/login', logout: true };
    }
  },

  async getIdentity() {
    if (!isLoggedIn()) return null;
    const info = await currentLoginInfo();
    return { id: info.userInfo.userId, name: info.userInfo.nickname, loginName: info.userInfo.loginName, avatar: info.userInfo.userHead, roles: info.roles };
  },

  async getPermissions() {
    if (!isLoggedIn()) return [];
    return (await currentLoginInfo()).permissions;
  },

  async onError(error: unknown) {
    if (error instanceof ApiError && (error.errCode === ErrCode.notLoggedIn || error.errCode === ErrCode.loggedOut)) {
      return { logout: true, redirectTo: '/login', error };
    }
    return {};
  },
};
