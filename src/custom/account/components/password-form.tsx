// Password change (modifyPassword): every session of the user ends, this one too, so the user
// logs in again with the new password.
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { endSession } from '@/providers/auth-provider';
import { useFormSave } from '@/api/form-errors';
import { NewPasswordFields } from '@/custom/widgets/code-fields';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function PasswordForm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();

  const { saving, run: save } = useFormSave(form, async ({ oldPassword, newPassword }: PasswordValues) => {
    await call('modifyPassword', { body: { oldPassword, newPassword }, silent: true });
    modal.success({ title: t('personal.passwordChanged'), content: t('personal.loginAgain'), okText: t('session.loginAgain'), onOk: () => endSession('/login') });
  }, ['oldPassword', 'newPassword']);

  return (
    <Form<PasswordValues> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={save}>
      <Form.Item name="oldPassword" label={t('personal.oldPassword')} rules={[{ required: true, message: t('account.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields name="newPassword" />
      <Button type="primary" htmlType="submit" loading={saving}>{t('common.save')}</Button>
    </Form>
  );
}
