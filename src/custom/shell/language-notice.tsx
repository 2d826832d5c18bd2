// Vietnamese and Hebrew users confirm a notice about the translation once per language, when
// they switch to it or arrive in it (issue 24); the confirmation is kept in this browser.
import { useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NOTICE_LANGUAGES, type Lang } from '@/i18n';
import { load, save } from '@/api/storage';

const CONFIRMED_KEY = 'lang-notice-confirmed';

export function LanguageNotice() {
  const { t, i18n } = useTranslation();
  const [confirmed, setConfirmed] = useState(() => load<string[]>(CONFIRMED_KEY) ?? []);
  const lang = i18n.language as Lang;
  const open = NOTICE_LANGUAGES.includes(lang) && !confirmed.includes(lang);
  const confirm = () => {
    const next = [...confirmed, lang];
    save(CONFIRMED_KEY, next);
    setConfirmed(next);
  };
  return (
    <Modal open={open} title={t('language.noticeTitle')} okText={t('language.noticeConfirm')} onOk={confirm}
      cancelButtonProps={{ style: { display: 'none' } }} closable={false} maskClosable={false} keyboard={false}
      data-testid="language-notice">
      <p>{t('language.notice', { language: LANGUAGES.find((l) => l.lang === lang)?.langName ?? lang })}</p>
    </Modal>
  );
}
