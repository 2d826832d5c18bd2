// Login with a code sent to a phone number or an e-mail address (codeLogin, purpose login): the
// login page's second tab and the quick-login page.
import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authProvider } from '@/providers/auth-provider';
import { targetRules } from '@/custom/widgets/form-rules';
import { CodeField } from '@/custom/widgets/code-fields';
import { useAfterLogin } from './after-login';

interface CodeLoginValues {
  target: string;
  code: string;
  rememberMe?: boolean;
}

export function CodeLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeLoginValues>();
  const afterLogin = useAfterLogin();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const onFinish = async (values: CodeLoginValues) => {
    setPending(true);
    setFailure(undefined);
    const result = await authProvider.login({ mode: 'code', ...values });
    setPending(false);
    if (result.success) afterLogin();
    else setFailure(result.error?.message === 'network' ? t('errors.network') : result.error?.message);
  };

  const target = () => form.validateFields(['target']).then((v) => v.target.trim(), () => undefined);

  return (
    <>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form<CodeLoginValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="target" label={t('login.target')} rules={targetRules(t)}>
          <Input autoComplete="username" size="large" />
        </Form.Item>
        <CodeField size="large" purpose="login" target={target} />
        <Form.Item name="rememberMe" valuePropName="checked">
          <Checkbox>{t('login.keepSignedIn')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={pending}>
          {t('login.submit')}
        </Button>
      </Form>
    </>
  );
}
