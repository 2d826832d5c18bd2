// Login with a code sent to a phone number or an e-mail address (codeLogin, purpose login): the
// login page's second tab and the quick-login page.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { targetRules } from '@/custom/widgets/form-rules';
import { CodeField } from '@/custom/widgets/code-fields';
import { LoginFailure, RememberAndSubmit, useLoginSubmit } from './login-submit';

interface CodeLoginValues {
  target: string;
  code: string;
  rememberMe?: boolean;
}

export function CodeLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeLoginValues>();
  const { pending, failure, submit } = useLoginSubmit();
  const onFinish = (values: CodeLoginValues) => submit({ mode: 'code', ...values });

  const target = () => form.validateFields(['target']).then((v) => v.target.trim(), () => undefined);

  return (
    <>
      <LoginFailure failure={failure} />
      <Form<CodeLoginValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="target" label={t('login.target')} rules={targetRules(t)}>
          <Input autoComplete="username" size="large" />
        </Form.Item>
        <CodeField size="large" purpose="login" target={target} />
        <RememberAndSubmit rememberLabel={t('login.keepSignedIn')} pending={pending} />
      </Form>
    </>
  );
}
