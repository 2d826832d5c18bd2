// The account's language (switchLanguage): messages and e-mails follow it, and the UI switches
// to it at once.
import { useState } from 'react';
import { App, Button, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { LANGUAGES, type Lang } from '@/i18n';
import { i18nProvider } from '@/providers/i18n-provider';
import { errorText } from '@/lib/error-text';

const supported = (lang: string): lang is Lang => LANGUAGES.some((l) => l.lang === lang);

export function LanguageForm({ current, onSaved }: { current: string; onSaved(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [lang, setLang] = useState<Lang>(supported(current) ? current : (i18n.language as Lang));
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await call('switchLanguage', { query: { lang }, silent: true });
      await i18nProvider.changeLocale(lang);
      onSaved();
      void message.success(t('personal.saved'));
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" size="large">
      <Radio.Group value={lang} onChange={(e) => setLang(e.target.value as Lang)} data-testid="language-choice"
        options={LANGUAGES.map((l) => ({ value: l.lang, label: l.langName }))} />
      <Button type="primary" loading={saving} onClick={() => void save()}>{t('common.save')}</Button>
    </Space>
  );
}
