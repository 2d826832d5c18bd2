// What the password and code login forms share: submitting through the auth provider, the
// failure shown above the form, and the remember-me box with the submit button below it.
import { useState } from 'react';
import { Alert, Button, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { authProvider } from '@/providers/auth-provider';
import { errorText } from '@/lib/error-text';
import { useAfterLogin } from './after-login';

/** The rules with which the password login asks for (another) captcha: many wrong passwords for the account. */
const CAPTCHA_RULES = ['captchaRequired', 'captchaWrong', 'captchaExpired'];

/** The captcha rule of a failed login, if the server asked for one. */
export function captchaRuleOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.fields.find((f) => CAPTCHA_RULES.includes(f.rule))?.rule : undefined;
}

export function useLoginSubmit() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  /** Once the server asked for a captcha, every further attempt carries one. */
  const [captcha, setCaptcha] = useState(false);
  /** Counts failed attempts: each one used up the captcha shown. */
  const [failures, setFailures] = useState(0);

  const submit = async (values: Parameters<typeof authProvider.login>[0]) => {
    setPending(true);
    setFailure(undefined);
    const result = await authProvider.login(values);
    setPending(false);
    if (result.success) {
      afterLogin();
      return;
    }
    const rule = captchaRuleOf(result.error);
    if (rule) setCaptcha(true);
    setFailures((n) => n + 1);
    if (rule) setFailure(t(rule === 'captchaRequired' ? 'login.captchaNeeded' : 'login.captchaWrong'));
    // A transport failure (network, timeout, HTTP status) is named in the user's language.
    else setFailure(result.error instanceof ApiError ? errorText(t, result.error) : result.error?.message);
  };
  return { pending, failure, submit, captcha, failures };
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
