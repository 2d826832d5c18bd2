// The languages the selectors offer: the brand's list from getOemLangList, kept 7 days (000
// section 9), or English and Chinese when the call fails (000 section 8).
import { call } from '@/api/client';
import { load, save } from '@/api/storage';
import { LANGUAGES } from './index';
import { offeredFromOem, type LanguageOption, type OemLanguage } from './languages';

/** 000 section 3, stored keys: "OEM language info (7 days)". */
const CACHE_KEY = 'oem-lang-info';
const CACHE_TTL_S = 604800;

const available = LANGUAGES.map((l) => l.lang);
export const FALLBACK_LANGUAGES: LanguageOption[] = LANGUAGES.filter((l) => l.lang === 'en' || l.lang === 'zh-CN');

/** The brand's languages that this build has, or the fallback when none is left. */
const offered = (list: readonly OemLanguage[]) => {
  const languages = offeredFromOem(list, available);
  return languages.length > 0 ? languages : FALLBACK_LANGUAGES;
};

/** What the selectors show before the answer: the kept list, else the fallback. */
export const knownLanguages = (): LanguageOption[] => offered(load<OemLanguage[]>(CACHE_KEY) ?? []);

let pending: Promise<LanguageOption[]> | undefined;

/** The offered languages; asks the server once per page load while nothing is kept. */
export function offeredLanguages(): Promise<LanguageOption[]> {
  const kept = load<OemLanguage[]>(CACHE_KEY);
  if (kept) return Promise.resolve(offered(kept));
  pending ??= call('getOemLangList', { silent: true }).then(
    (list) => {
      save(CACHE_KEY, list, CACHE_TTL_S);
      return offered(list);
    },
    // A failure is not kept: the next page load asks again.
    () => FALLBACK_LANGUAGES,
  );
  return pending;
}
