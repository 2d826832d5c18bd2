// The bare layout of the login area (000 section 2): brand, the page's form in a card, and the
// language selector with the optional network-node switch. It loads no Refine.
import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/custom/shell/language-select';
import { BrandMark } from '@/custom/shell/brand-mark';
import { SiteSwitch } from './site-switch';

export function AuthLayout({ title, wide, children }: { title?: string; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="login-page">
      <div className="login-page__lang"><SiteSwitch /><LanguageSelect /></div>
      <Card className={`login-page__card${wide ? ' login-page__card--wide' : ''}`}>
        <div className="login-page__brand">
          <BrandMark size={40} />
          <div>
            {/* Plain elements: antd Typography would add ~30 kB to the login route. */}
            <h1 className="login-page__title">{title ?? t('app.name')}</h1>
            <div className="login-page__tagline">{title ? t('app.name') : t('app.tagline')}</div>
          </div>
        </div>
        {children}
      </Card>
    </div>
  );
}
