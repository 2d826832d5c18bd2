// The login page (000 section 2 "Login-area layout"): login name or phone and password, with
// remember-me keeping the login name for 15 days, and the language selector. It does not load
// Refine: after login the portal app takes over.
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authProvider, rememberedLogin, type LoginForm } from '@/providers/auth-provider';
import { LanguageSelect } from './language-select';
import { BrandMark } from './brand-mark';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const remembered = rememberedLogin();

  const onFinish = async (values: LoginForm) => {
    setPending(true);
    setFailure(undefined);
    const result = await authProvider.login(values);
    setPending(false);
    if (!result.success) {
      setFailure(result.error?.message === 'network' ? t('errors.network') : result.error?.message);
      return;
    }
    // Back to the page that sent the user here, if it is one of ours.
    const to = params.get('to');
    navigate(to?.startsWith('/') && !to.startsWith('//') ? to : '/', { replace: true });
  };

  return (
    <div className="login-page">
      <div className="login-page__lang"><LanguageSelect /></div>
      <Card className="login-page__card">
        <div className="login-page__brand">
          <BrandMark size={40} />
          <div>
            {/* Plain elements: antd Typography would add ~30 kB to the login route. */}
            <h1 className="login-page__title">{t('app.name')}</h1>
            <div className="login-page__tagline">{t('app.tagline')}</div>
          </div>
        </div>
        {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<LoginForm>
          layout="vertical"
          requiredMark={false}
          initialValues={{ username: remembered?.username ?? '', rememberMe: remembered?.rememberMe ?? false }}
          onFinish={onFinish}
        >
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input autoComplete="username" size="large" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Form.Item name="rememberMe" valuePropName="checked">
            <Checkbox>{t('login.rememberMe')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={pending}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
