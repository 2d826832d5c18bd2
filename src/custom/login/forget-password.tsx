// The forgotten-password page (000 section 2 /forgetPsd): a code sent to the account's phone or
// e-mail address sets a new password (resetPwd); every session of the account ends. A shared
// plant's notice links here with `target`, its visitor's address, filled in.
import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, call } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { targetRules } from '@/custom/widgets/form-rules';
import { CodeField, NewPasswordFields } from '@/custom/widgets/code-fields';
import { AuthLayout } from './auth-layout';

interface ResetValues {
  target: string;
  code: string;
  password: string;
  confirm: string;
}

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ResetValues>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);

  const target = () => form.validateFields(['target']).then((v) => v.target.trim(), () => undefined);

  const onFinish = async ({ target: to, code, password }: ResetValues) => {
    setPending(true);
    setFailure(undefined);
    try {
      await call('resetPwd', { body: { target: to, code, password }, silent: true });
      setDone(true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(errorText(t, error));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthLayout title={t('forget.title')}>
      {done ? (
        <Result status="success" title={t('forget.done')}
          extra={<Button type="primary" onClick={() => navigate('/login')}>{t('register.toLogin')}</Button>} />
      ) : (
        <>
          {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="reset-error" />}
          <Form<ResetValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ target: params.get('target') ?? '' }}>
            <Form.Item name="target" label={t('login.target')} rules={targetRules(t)}>
              <Input autoComplete="username" />
            </Form.Item>
            <CodeField purpose="resetPwd" target={target} />
            <NewPasswordFields />
            <Button type="primary" htmlType="submit" block loading={pending}>{t('forget.submit')}</Button>
          </Form>
        </>
      )}
      <div className="login-page__links"><Link to="/login">{t('forget.backToLogin')}</Link></div>
    </AuthLayout>
  );
}
