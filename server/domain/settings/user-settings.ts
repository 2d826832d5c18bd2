// The display settings' values, defaults and choices, read from their one definition
// (schemas/entities/user-settings.schema.json), and the landing pages a user's menu offers.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BodyOf, DataOf } from '../../../src/api/contract-types.ts';
import type { Router } from '../menu/build-routers.ts';

interface FieldSchema { type: 'string' | 'integer'; enum?: (string | number)[]; default: string | number }
const schemaFile = fileURLToPath(new URL('../../../schemas/entities/user-settings.schema.json', import.meta.url));
const properties = (JSON.parse(readFileSync(schemaFile, 'utf8')) as { properties: Record<string, FieldSchema & { readOnly?: boolean }> }).properties;

export type SettingValue = string | number;
/** Every setting, as settingsGetInfo answers them. */
export type UserSettings = DataOf<'settingsGetInfo'>;
/** Some settings, as setUp takes them. */
export type SettingChanges = BodyOf<'setUp'>;

/** Every field a user sets (all but the read-only updateTime). */
export const SETTING_FIELDS = Object.keys(properties).filter((field) => !properties[field]!.readOnly);

/** What a user who never saved a setting gets. */
export const SETTING_DEFAULTS = Object.fromEntries(SETTING_FIELDS.map((field) => [field, properties[field]!.default])) as UserSettings;

/** The layout switches (0 or 1): the form shows them as switches, so getSettingsRange lists no options for them. */
export const SWITCH_FIELDS = SETTING_FIELDS.filter((field) => properties[field]!.type === 'integer' && properties[field]!.enum?.join() === '0,1');

/** Fields whose values are a fixed list, in the schema's order (the layout switches aside). */
export const LISTED_FIELDS = SETTING_FIELDS.filter((field) => properties[field]!.enum && !SWITCH_FIELDS.includes(field));

export const enumValues = (field: string): SettingValue[] => properties[field]!.enum ?? [];

/** Preset swatches the form offers for themeColor (any #rrggbb is accepted); the first is the default. */
export const THEME_COLOURS = [
  { value: '#0076fe', name: 'blue' },
  { value: '#13c2c2', name: 'cyan' },
  { value: '#52c41a', name: 'green' },
  { value: '#fa8c16', name: 'orange' },
  { value: '#f5222d', name: 'red' },
  { value: '#722ed1', name: 'purple' },
] as const;

export interface LandingPage { path: string; titleKey: string }

/**
 * The pages of a user's menu (getRouters) that can open after login: absolute paths of entries
 * with a component, neither hidden nor an outside link, as the web app's router builds them.
 */
export function landingPages(routers: Router[], parent = ''): LandingPage[] {
  return routers.flatMap((r) => {
    const path = r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
    if (r.hidden) return [];
    const own = r.component && !r.children?.length && !r.meta.link ? [{ path, titleKey: r.meta.title }] : [];
    return [...own, ...landingPages(r.children ?? [], path)];
  });
}
