// The bare layout of the login area (000 section 2): brand, the page's form in a card, and the
// language selector with the optional network-node switch. It loads no Refine. The served brand
// (getOemConfig) gives the logo, name and slogan.
import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/custom/shell/language-select';
import { BrandMark } from '@/custom/shell/brand-mark';
import { useBrand } from '@/custom/shell/brand';
import { SiteSwitch } from './site-switch';

export function AuthLayout({ title, wide, children }: { title?: string; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const name = brand?.platformName ?? t('app.name');
  // The main brand's slogan is the portal's own, translated; a partner's is its own text.
  const tagline = brand?.mainBrand === 0 ? brand.subTitle ?? '' : t('app.tagline');
  return (
    <div className="login-page">
      <div className="login-page__lang"><SiteSwitch /><LanguageSelect /></div>
      <Card className={`login-page__card${wide ? ' login-page__card--wide' : ''}`}>
        <div className="login-page__brand">
          <BrandMark size={40} />
          <div>
            {/* Plain elements: antd Typography would add ~30 kB to the login route. */}
            <h1 className="login-page__title" data-testid="brand-name">{title ?? name}</h1>
            <div className="login-page__tagline">{title ? name : tagline}</div>
          </div>
        </div>
        {children}
      </Card>
    </div>
  );
}
