// The user agreement (/agreement) and the privacy and security policy (/security-policy): the
// latest published text from getLatestProtocolAndPolicy, in the UI language where translated.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from 'antd';
import { call } from '@/api/client';
import { AuthLayout } from './auth-layout';
import { safeHtml } from './safe-html';

export type LegalKind = 'agreement' | 'policy';

interface Document {
  title: string;
  html: string;
  version: string;
}

export default function LegalPage({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation();
  const [published, setPublished] = useState<Document | null>();

  useEffect(() => {
    let live = true;
    call('getLatestProtocolAndPolicy', { silent: true }).then(
      (answer) => {
        const document = kind === 'agreement' ? answer.protocol : answer.policy;
        if (live) setPublished({ title: document.title, html: safeHtml(document.content), version: document.version });
      },
      () => live && setPublished(null),
    );
    return () => {
      live = false;
    };
  }, [kind, i18n.language]);

  const title = published?.title ?? t(kind === 'agreement' ? 'legal.agreement' : 'legal.policy');
  return (
    <AuthLayout title={title} wide>
      <article className="legal-text" data-testid="legal-text">
        {published
          ? <>
            <p className="legal-text__version">{t('legal.version', { version: published.version })}</p>
            <div dangerouslySetInnerHTML={{ __html: published.html }} />
          </>
          : published === null && <Alert type="error" showIcon message={t('legal.unavailable')} />}
      </article>
      <div className="login-page__links"><Link to="/login">{t('forget.backToLogin')}</Link></div>
    </AuthLayout>
  );
}
