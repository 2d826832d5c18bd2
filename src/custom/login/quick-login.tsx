// Quick login (000 section 2 /quick-login): signing in with a code sent to a phone number or an
// e-mail address, without a password.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from './auth-layout';
import { CodeLoginForm } from './code-login-form';

export default function QuickLoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('login.quickTitle')}>
      <CodeLoginForm />
      <div className="login-page__links"><Link to="/login">{t('login.withPassword')}</Link></div>
    </AuthLayout>
  );
}
