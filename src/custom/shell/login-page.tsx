// The login page (000 section 2 "Login-area layout"): login name or phone and password, with
// remember-me keeping the login name for 15 days, or a code sent to a phone or e-mail address;
// the language selector and the network-node switch. It does not load Refine: after login the
// portal app takes over.
import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authProvider, rememberedLogin } from '@/providers/auth-provider';
import { AuthLayout } from '@/custom/login/auth-layout';
import { CodeLoginForm } from '@/custom/login/code-login-form';
import { useAfterLogin } from '@/custom/login/after-login';

interface PasswordLoginValues {
  username: string;
  password: string;
  rememberMe?: boolean;
}

function PasswordLoginForm() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const remembered = rememberedLogin();

  const onFinish = async (values: PasswordLoginValues) => {
    setPending(true);
    setFailure(undefined);
    const result = await authProvider.login({ mode: 'password', ...values });
    setPending(false);
    if (result.success) afterLogin();
    else setFailure(result.error?.message === 'network' ? t('errors.network') : result.error?.message);
  };

  return (
    <>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="login-error" />}
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
        <Form.Item name="rememberMe" valuePropName="checked">
          <Checkbox>{t('login.rememberMe')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={pending}>
          {t('login.submit')}
        </Button>
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
