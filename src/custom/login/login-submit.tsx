// What the password and code login forms share: submitting through the auth provider, the
// failure shown above the form, and the remember-me box with the submit button below it.
import { useState } from 'react';
import { Alert, Button, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { authProvider } from '@/providers/auth-provider';
import { useAfterLogin } from './after-login';

export function useLoginSubmit() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (values: Parameters<typeof authProvider.login>[0]) => {
    setPending(true);
    setFailure(undefined);
    const result = await authProvider.login(values);
    setPending(false);
    if (result.success) afterLogin();
    else setFailure(result.error?.message === 'network' ? t('errors.network') : result.error?.message);
  };
  return { pending, failure, submit };
}

export function LoginFailure({ failure }: { failure: string | undefined }) {
  return failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="login-error" /> : null;
}

export function RememberAndSubmit({ rememberLabel, pending }: { rememberLabel: string; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="rememberMe" valuePropName="checked">
        <Checkbox>{rememberLabel}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {t('login.submit')}
      </Button>
    </>
  );
}
