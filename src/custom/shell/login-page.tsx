// The login page (000 section 2 "Login-area layout"): login name or phone and password (with a
// picture captcha once the server asks for one), remember-me keeping the login name for 15 days,
// or a code sent to a phone or e-mail address; the language selector and the network-node switch.
// It does not load Refine: after login the portal app takes over.
import { Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rememberedLogin } from '@/providers/auth-provider';
import { AuthLayout } from '@/custom/login/auth-layout';
import { CaptchaField } from '@/custom/login/captcha-field';
import { CodeLoginForm } from '@/custom/login/code-login-form';
import { LoginFailure, RememberAndSubmit, useLoginSubmit } from '@/custom/login/login-submit';

interface PasswordLoginValues {
  username: string;
  password: string;
  rememberMe?: boolean;
  captchaId?: string;
  code?: string;
}

function PasswordLoginForm() {
  const { t } = useTranslation();
  const { pending, failure, submit, captcha, failures } = useLoginSubmit();
  const remembered = rememberedLogin();
  const onFinish = (values: PasswordLoginValues) => submit({ mode: 'password', ...values });

  return (
    <>
      <LoginFailure failure={failure} />
      <Form<PasswordLoginValues>
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
        {captcha && <CaptchaField round={failures} />}
        <RememberAndSubmit rememberLabel={t('login.rememberMe')} pending={pending} />
      </Form>
    </>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'password', label: t('login.byPassword'), children: <PasswordLoginForm /> },
          { key: 'code', label: t('login.byCode'), children: <CodeLoginForm /> },
        ]}
      />
      <div className="login-page__links">
        <Link to="/forgetPsd">{t('login.forgotPassword')}</Link>
        <Link to="/register">{t('login.register')}</Link>
        <Link to="/demo">{t('login.demo')}</Link>
      </div>
    </AuthLayout>
  );
}
