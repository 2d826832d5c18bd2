// The logged-in user's login info and menu, fetched once per session and shared by the
// auth and access-control providers and the shell.
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { keys, save } from '@/api/storage';
import { currentDisplaySettings, forgetDisplaySettings } from './display-settings';

/** getLoginInfo's answer; `hasPlant` is true when the plant count is not 0 (000 section 4). */
export type LoginInfo = DataOf<'getLoginInfo'>;
export type Router = DataOf<'getRouters'>[number];

let loginInfo: Promise<LoginInfo> | undefined;
let routers: Promise<Router[]> | undefined;

export function currentLoginInfo(): Promise<LoginInfo> {
  loginInfo ??= call('getLoginInfo', { silent: true }).then((answer) => {
    const info = { ...answer, hasPlant: answer.plantCount === undefined ? answer.hasPlant : answer.plantCount !== 0 };
    save(keys.userInfo, info.userInfo);
    save(keys.permissions, info.permissions);
    save(keys.homeMenuType, info.homeMenuType);
    // Beside the login info, not awaited: the pages render with the defaults until the settings arrive.
    void currentDisplaySettings();
    return info;
  }).catch((error: unknown) => {
    loginInfo = undefined;
    throw error;
  });
  return loginInfo;
}

/** The server menu (platform type 4). A failure gives no routes, as 000 section 7 says. */
export function currentRouters(): Promise<Router[]> {
  routers ??= call('getRouters', { query: { platformType: 4 }, silent: true }).catch(() => []);
  return routers;
}

export function forgetSession(): void {
  loginInfo = undefined;
  routers = undefined;
  forgetDisplaySettings();
}

/** The next currentLoginInfo() asks the server again (the user changed their own account). */
export function forgetLoginInfo(): void {
  loginInfo = undefined;
}
