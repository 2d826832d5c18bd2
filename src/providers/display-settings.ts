// The signed-in user's display settings (settingsGetInfo), read once per session, kept as the
// "system settings info" (000 section 3 "Stored keys") and applied where the web app already
// formats: the units of power and energy, and the rows a generated list opens with.
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { keys, load, save } from '@/api/storage';
import { chooseUnits } from '@/lib/units';

export type DisplaySettings = DataOf<'settingsGetInfo'>;

const DEFAULT_PAGE_SIZE = 10;

let settings: DisplaySettings | undefined;
let loading: Promise<DisplaySettings | undefined> | undefined;

export function applyDisplaySettings(next: DisplaySettings): DisplaySettings {
  settings = next;
  // The same key keeps the layout settings (custom/shell/layout/settings.ts) under `layout`.
  save(keys.systemSettingsInfo, { ...load<object>(keys.systemSettingsInfo), ...next });
  chooseUnits(next.powerUnit, next.energyUnit);
  return next;
}

/** The settings, asked for once per session; the defaults apply while they are unknown or when the call fails. */
export function currentDisplaySettings(): Promise<DisplaySettings | undefined> {
  loading ??= call('settingsGetInfo', { silent: true }).then(applyDisplaySettings, () => {
    loading = undefined;
    return undefined;
  });
  return loading;
}

export const preferredPageSize = (): number => settings?.pageSize ?? DEFAULT_PAGE_SIZE;

/** Another user may sign in next: back to the defaults until their settings arrive. */
export function forgetDisplaySettings(): void {
  settings = undefined;
  loading = undefined;
  chooseUnits('auto', 'auto');
}
