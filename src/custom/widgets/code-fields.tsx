// Form fields that several account forms share: a verification code with its send button, and
// a new password typed twice.
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton, type SendCodeButtonProps } from './send-code-button';
import { codeRules, confirmRules, passwordRules } from './form-rules';

export function CodeField({ size, ...button }: SendCodeButtonProps & { size?: 'large' }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('login.code')} required>
      <Space.Compact size={size} style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={codeRules(t)}>
          <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label={t('login.code')} />
        </Form.Item>
        <SendCodeButton {...button} />
      </Space.Compact>
    </Form.Item>
  );
}

/** The new password and its confirmation; `name` is the field the password is sent as. */
export function NewPasswordFields({ name = 'password' }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={t('account.newPassword')} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('account.confirmPassword')} dependencies={[name]} rules={confirmRules(t, name)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
