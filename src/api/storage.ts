// What the browser keeps between visits (000 section 3 "Stored keys", section 9 constants).
// The access token is the `token` cookie (7 days); the refresh token and OEM data carry their own
// expiry in local storage; per-user keys are suffixed with the login name.
export const TOKEN_COOKIE = 'token';
export const TOKEN_COOKIE_DAYS = 7;
export const REFRESH_TOKEN_TTL_S = 604800;
export const REMEMBER_ME_TTL_S = 1296000;

export const keys = {
  refreshToken: 'refresh-token',
  lang: 'lang',
  userInfo: 'user-info',
  permissions: 'permissions',
  homeMenuType: 'home-menu-type',
  deviceSn: 'device-sn',
  plant: 'plant',
  plantList: 'plant-list',
  orangeList: 'orange-list',
  currentOrange: 'current-orange',
  navbarPlantType: 'navbar-plant-type',
  rememberMe: 'remember-me',
  sidebarOpen: 'sidebar-status',
  floatingPanelCollapsed: 'floating-panel-collapsed',
  systemSettingsInfo: 'system-settings-info',
  /** The tab strip's visited pages, suffixed with the login name (custom/shell/layout/use-tabs.ts). */
  tabNavigation: 'tab-navigation',
} as const;

interface Expiring<T> {
  value: T;
  expiresAt: number | null;
}

export function save<T>(key: string, value: T, ttlSeconds?: number): void {
  const item: Expiring<T> = { value, expiresAt: ttlSeconds ? Date.now() + ttlSeconds * 1000 : null };
  localStorage.setItem(key, JSON.stringify(item));
}

export function load<T>(key: string): T | undefined {
  const raw = localStorage.getItem(key);
  if (!raw) return undefined;
  try {
    const item = JSON.parse(raw) as Expiring<T>;
    if (item.expiresAt !== null && item.expiresAt < Date.now()) {
      localStorage.removeItem(key);
      return undefined;
    }
    return item.value;
  } catch {
    localStorage.removeItem(key);
    return undefined;
  }
}

export const remove = (key: string) => localStorage.removeItem(key);

export function getToken(): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(TOKEN_COOKIE.length + 1)) : undefined;
}

export function setTokens(token: string, refreshToken: string): void {
  const expires = new Date(Date.now() + TOKEN_COOKIE_DAYS * 86400_000).toUTCString();
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; expires=${expires}; path=/; SameSite=Lax`;
  save(keys.refreshToken, refreshToken, REFRESH_TOKEN_TTL_S);
}

export const getRefreshToken = () => load<string>(keys.refreshToken);

export const isLoggedIn = () => Boolean(getToken());

/** The keys logout clears, exactly as 000 section 4 "Logout" lists them (with the token cookie). */
export const SESSION_KEYS = [
  keys.refreshToken, keys.homeMenuType, keys.userInfo, keys.deviceSn, keys.plant, keys.plantList, keys.orangeList, keys.currentOrange, keys.navbarPlantType,
] as const;

/** Logout clears these; language, remember-me and the layout choices survive. */
export function clearSession(): void {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  for (const key of SESSION_KEYS) remove(key);
}

/** The organisation chosen in the top bar's picker; calls that take searchOfficeIdArr are narrowed to it. */
export interface Organisation {
  officeId: string;
  officeName: string;
}

export const currentOrganisation = () => load<Organisation>(keys.currentOrange);
export const setCurrentOrganisation = (organisation: Organisation) => save(keys.currentOrange, organisation);
