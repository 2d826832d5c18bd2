// What the brand's schema cannot say: every language it offers is one the portal has (the language
// selector would offer a locale with no texts), and host names are kept lower-case, as they are
// compared (domain/branding/brand-choice.ts).
import { LANGUAGES, languageValues, unknownLanguage } from '../domain/branding/languages.ts';
import { hostList } from '../domain/branding/brand-choice.ts';
import { fieldError } from '../errors.ts';
import { defineHooks } from './hooks.ts';

export default defineHooks({
  validate(input) {
    const unknown = typeof input.languages === 'string' ? unknownLanguage(input.languages) : undefined;
    if (unknown) throw fieldError('languages', 'language', { value: unknown, values: LANGUAGES.map((l) => l.value).join(', ') });
  },
  prepare: (values) => ({
    ...values,
    ...(typeof values.languages === 'string' ? { languages: languageValues(values.languages).join(',') } : {}),
    ...(typeof values.hostNames === 'string' ? { hostNames: hostList(values.hostNames).join(',') } : {}),
  }),
});
