import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/i18n';
import { i18nProvider } from '@/providers/i18n-provider';

export function LanguageSelect({ style }: { style?: React.CSSProperties }) {
  const { i18n, t } = useTranslation();
  return (
    <Select
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(lang) => void i18nProvider.changeLocale(lang)}
      options={LANGUAGES.map((l) => ({ value: l.lang, label: l.langName }))}
      style={{ minWidth: 120, ...style }}
      variant="borderless"
      data-testid="language-select"
    />
  );
}
