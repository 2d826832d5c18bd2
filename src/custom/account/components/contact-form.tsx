// Phone number or e-mail address change: a code sent to the new one (modifyPhone / modifyEmail).
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { emailRules, phoneRules } from '@/custom/widgets/form-rules';
import { CodeField } from '@/custom/widgets/code-fields';

export type ContactKind = 'phone' | 'email';

interface ContactValues {
  value: string;
  code: string;
}

export function ContactForm({ kind, current, onChanged }: { kind: ContactKind; current: string | undefined; onChanged(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ContactValues>();
  const [saving, setSaving] = useState(false);

  const target = () => form.validateFields(['value']).then((v) => v.value.trim(), () => undefined);

  const save = async ({ value, code }: ContactValues) => {
    setSaving(true);
    try {
      if (kind === 'phone') await call('modifyPhone', { body: { phone: value, code }, silent: true });
      else await call('modifyEmail', { body: { email: value, code }, silent: true });
      void message.success(t('personal.saved'));
      form.resetFields();
      onChanged();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void message.error(errorText(t, error));
      form.setFields(error.fields.map((f) => ({ name: f.field === 'code' ? 'code' : 'value', errors: [f.message] })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ContactValues> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={save}>
      <Form.Item label={t(kind === 'phone' ? 'personal.currentPhone' : 'personal.currentEmail')}>
        <Input value={current ?? t('personal.none')} disabled />
      </Form.Item>
      <Form.Item name="value" label={t(kind === 'phone' ? 'personal.newPhone' : 'personal.newEmail')} rules={kind === 'phone' ? phoneRules(t) : emailRules(t)}>
        <Input autoComplete={kind === 'phone' ? 'tel' : 'email'} />
      </Form.Item>
      <CodeField purpose={kind === 'phone' ? 'modifyPhone' : 'modifyEmail'} channel={kind === 'phone' ? 'sms' : 'email'} target={target} />
      <Button type="primary" htmlType="submit" loading={saving}>{t('common.save')}</Button>
    </Form>
  );
}
