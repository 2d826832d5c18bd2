// Refine's auth provider over the session calls (000 section 4), and the session policy the
// error bridge applies when the client reports a dead session (000 section 8).
import type { AuthProvider } from '@refinedev/core';
import { ApiError, ErrCode, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { REMEMBER_ME_TTL_S, clearSession, isLoggedIn, keys, load, remove, save, setTokens } from '@/api/storage';
import { broadcastSession } from '@/custom/shell/session/session-channel';
import { currentLoginInfo, forgetSession } from './session';

export type LoginForm =
  | { mode?: 'password'; username: string; password: string; rememberMe?: boolean; captchaId?: string; code?: string }
  | { mode: 'code'; target: string; code: string; rememberMe?: boolean }
  | { mode: 'visitor' };

export interface RememberedLogin {
  username: string;
  rememberMe: true;
}

/** Remember-me keeps the login name and the flag for 15 days, never the password. */
export const rememberedLogin = () => load<RememberedLogin>(keys.rememberMe);

function rememberLogin(username: string, rememberMe: boolean | undefined): void {
  if (rememberMe) save<RememberedLogin>(keys.rememberMe, { username, rememberMe: true }, REMEMBER_ME_TTL_S);
  else remove(keys.rememberMe);
}

function openSession(form: LoginForm): Promise<DataOf<'login'>> {
  if (form.mode === 'visitor') return call('visitorLogin', { silent: true });
  const rememberMe = form.rememberMe ? 1 : 0;
  if (form.mode === 'code') return call('codeLogin', { body: { target: form.target, code: form.code, rememberMe }, silent: true });
  const captcha = form.captchaId && form.code ? { captchaId: form.captchaId, code: form.code } : {};
  return call('login', { body: { username: form.username, password: form.password, rememberMe, ...captcha }, silent: true });
}

/**
 * Ends the session in the browser: the stored keys of 000 section 4 go, the other tabs are told
 * to leave too, and the page loads anew at `path` so that nothing of the previous user stays in memory.
 */
export function endSession(path: string): void {
  clearSession();
  forgetSession();
  broadcastSession({ type: 'logout' });
  window.location.assign(path);
}

/**
 * What a dead session leads to (000 sections 4 and 8): 10002 asks once, then logs out; 10007 says
 * so and logs out; a failed refresh after 10004 logs out to /index.
 */
export function sessionEndPolicy(errCode: number): { confirm: boolean; redirectTo: string } {
  if (errCode === ErrCode.notLoggedIn) return { confirm: true, redirectTo: '/login' };
  if (errCode === ErrCode.tokenExpired) return { confirm: false, redirectTo: '/index' };
  return { confirm: false, redirectTo: '/login' };
}

export const authProvider: AuthProvider = {
  async login(form: LoginForm) {
    try {
      const tokens = await openSession(form);
      setTokens(tokens.token, tokens.refreshToken);
      if (form.mode !== 'visitor' && form.mode !== 'code') rememberLogin(form.username, form.rememberMe);
      forgetSession();
      // Other tabs may show another user's pages: they load anew as this one.
      broadcastSession({ type: 'login' });
      return { success: true, redirectTo: '/' };
    } catch (error) {
      // The ApiError itself, so that the form can see the field rules (a captcha asked for).
      return { success: false, error: error instanceof ApiError ? error : { name: 'login', message: (error as Error).message } };
    }
  },

  /** Logout from the user menu: the server revokes the session, then the browser forgets it. */
  async logout() {
    if (isLoggedIn()) await call('logout', { silent: true, ignoreSession: true }).catch(() => undefined);
    endSession('/login');
    return { success: true };
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

  /**
   * Session errors (10002, 10004, 10007) are handled once, where the client meets them: it reports
   * them to the error bridge, which applies sessionEndPolicy. Logging out here as well would end the
   * session before the 10002 confirmation is answered.
   */
  async onError() {
    return {};
  },
};
