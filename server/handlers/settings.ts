// The signed-in user's display settings (openapi/paths/settings.yaml): read, the choices with
// their labels in the request's language, and a change of some of them.
import type { Db } from '../db/client.ts';
import { buildRouters } from '../domain/menu/build-routers.ts';
import { LISTED_FIELDS, SETTING_DEFAULTS, THEME_COLOURS, enumValues, landingPages, type UserSettings } from '../domain/settings/user-settings.ts';
import { fieldError } from '../errors.ts';
import { lookup, webTexts } from '../i18n/web-texts.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { menuRows } from '../repositories/menus.ts';
import { readSettings, saveSettings } from '../repositories/user-settings.ts';
import { ROOT } from '../resources/descriptors.ts';
import { defineHandlers } from './types.ts';

/** The web app's menu (getRouters platformType 4), whose pages a user may land on. */
const WEB_MENU = 4;
const menuPages = async (db: Db, user: AuthContext) => landingPages(buildRouters(await menuRows(db, WEB_MENU), user.permissions));

/**
 * A landing page that has left the user's menu since it was saved (a permission taken away) is
 * answered as the default, so that the web app never opens a page the user may not see.
 */
async function current(db: Db, user: AuthContext, settings: UserSettings): Promise<UserSettings> {
  const pages = await menuPages(db, user);
  return pages.some((p) => p.path === settings.defaultPage) ? settings : { ...settings, defaultPage: SETTING_DEFAULTS.defaultPage };
}

export const settingsHandlers = defineHandlers({
  async settingsGetInfo({ db, user }) {
    return current(db, user, await readSettings(db, user.userId));
  },
  async getSettingsRange({ db, user, lang }) {
    const t = webTexts(ROOT, lang);
    const label = (key: string, fallback: string) => lookup(t, key) ?? fallback;
    const listed = LISTED_FIELDS.map((field) => [field, enumValues(field).map((value) => ({ value, label: label(`enums.user-settings.${field}.${value}`, String(value)) }))]);
    return {
      options: {
        ...Object.fromEntries(listed),
        themeColor: THEME_COLOURS.map(({ value, name }) => ({ value, label: label(`userSettings.colours.${name}`, value) })),
        defaultPage: (await menuPages(db, user)).map(({ path, titleKey }) => ({ value: path, label: label(titleKey, path) })),
      },
      defaults: SETTING_DEFAULTS,
    };
  },
  async setUp({ db, user, body }) {
    if (body.defaultPage !== undefined && !(await menuPages(db, user)).some((p) => p.path === body.defaultPage)) {
      throw fieldError('defaultPage', 'notInMenu', { value: body.defaultPage });
    }
    // Colours are kept lower-case, as the form's swatches are written, so that a saved one shows as its swatch.
    const changes = body.themeColor ? { ...body, themeColor: body.themeColor.toLowerCase() } : body;
    return current(db, user, await saveSettings(db, user.userId, changes));
  },
});
