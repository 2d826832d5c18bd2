// The web app's texts (src/i18n/<lang>.json), for answers that label things as the screens do:
// exports' headings and enum values, the settings' choices. Read once per language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Texts = Record<string, unknown>;
const texts = new Map<string, Texts>();

/** The texts of a language under `root` (English when the language has none). */
export function webTexts(root: string, lang: string): Texts {
  const known = texts.get(lang);
  if (known) return known;
  let loaded: Texts;
  try {
    loaded = JSON.parse(readFileSync(join(root, 'src/i18n', `${lang}.json`), 'utf8')) as Texts;
  } catch {
    loaded = lang === 'en' ? {} : webTexts(root, 'en');
  }
  texts.set(lang, loaded);
  return loaded;
}

/** The text of a dotted key (`enums.role.userType.1`), if there is one. */
export const lookup = (t: Texts, key: string): string | undefined => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], t);
  return typeof value === 'string' ? value : undefined;
};
