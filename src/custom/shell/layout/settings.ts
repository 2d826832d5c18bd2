// The layout settings of the settings drawer (000 section 2 "Main layout", defaults from section 9),
// remembered under "system settings info" (beside the user's display settings, which the same key
// holds: see display-settings.ts). A tiny store rather than a React context, because the antd
// ConfigProvider in App.tsx reads the theme colour above everything the portal renders.
import { useSyncExternalStore } from 'react';
import { keys, load, save } from '@/api/storage';
import { THEME_COLOR } from '@/theme';

export interface LayoutSettings {
  themeColor: string;
  sideTheme: 'light' | 'dark';
  /** The menu in the header instead of the sidebar. */
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  themeColor: THEME_COLOR,
  sideTheme: 'light',
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: true,
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** What was stored, each setting checked: a stored value of the wrong kind falls back to its default. */
export function parseSettings(stored: unknown): LayoutSettings {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<keyof LayoutSettings, unknown>>;
  const flag = (name: 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle') =>
    typeof value[name] === 'boolean' ? value[name] : DEFAULT_SETTINGS[name];
  return {
    themeColor: typeof value.themeColor === 'string' && HEX_COLOR.test(value.themeColor) ? value.themeColor : DEFAULT_SETTINGS.themeColor,
    sideTheme: value.sideTheme === 'dark' ? 'dark' : 'light',
    topNav: flag('topNav'),
    tagsView: flag('tagsView'),
    fixedHeader: flag('fixedHeader'),
    sidebarLogo: flag('sidebarLogo'),
    dynamicTitle: flag('dynamicTitle'),
  };
}

interface StoredSettings {
  layout?: unknown;
}

let current = parseSettings(load<StoredSettings>(keys.systemSettingsInfo)?.layout);
const listeners = new Set<() => void>();

/** CSS outside antd's tokens (focus outlines, the tab strip) follows the chosen colour too. */
const applyColor = () => document.documentElement.style.setProperty('--portal-primary', current.themeColor);
applyColor();

export function updateSettings(change: Partial<LayoutSettings>): void {
  current = parseSettings({ ...current, ...change });
  save(keys.systemSettingsInfo, { ...load<StoredSettings>(keys.systemSettingsInfo), layout: current });
  applyColor();
  for (const listener of listeners) listener();
}

export function resetSettings(): void {
  updateSettings(DEFAULT_SETTINGS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, () => current);
}
