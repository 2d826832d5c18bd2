import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/i18n';
import { knownLanguages, offeredLanguages } from '@/i18n/offered-languages';
import { i18nProvider } from '@/providers/i18n-provider';

/** The brand's languages (getOemLangList); the one shown stays listed even if the brand lacks it. */
export function LanguageSelect({ style }: { style?: React.CSSProperties }) {
  const { i18n, t } = useTranslation();
  const [offered, setOffered] = useState(knownLanguages);
  useEffect(() => {
    let live = true;
    void offeredLanguages().then((languages) => live && setOffered(languages));
    return () => {
      live = false;
    };
  }, []);
  const current = LANGUAGES.find((l) => l.lang === i18n.language);
  const options = current && !offered.some((l) => l.lang === current.lang) ? [...offered, current] : offered;
  return (
    <Select
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(lang) => void i18nProvider.changeLocale(lang)}
      options={options.map((l) => ({ value: l.lang, label: l.langName }))}
      style={{ minWidth: 120, ...style }}
      variant="borderless"
      data-testid="language-select"
    />
  );
}
