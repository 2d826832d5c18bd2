// The owner's contact details (editOwnerInformation): name, e-mail and phone; only changed
// values are sent.
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { useFormSave } from '@/api/form-errors';
import { EMAIL } from '@/lib/validators';
import type { Plant } from '../show';

interface Values {
  ownerName?: string;
  ownerEmail?: string;
  ownerPhone?: string;
}

export function OwnerInformationForm({ plant, onSaved }: { plant: Plant; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  const { saving, run: save } = useFormSave(form, async (values: Values) => {
    const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => v && v !== (plant as Record<string, unknown>)[k]));
    if (Object.keys(changed).length === 0) return;
    await call('editOwnerInformation', { body: { plantUid: plant.plantUid!, ...changed }, silent: true });
    void message.success(t('personal.saved'));
    onSaved();
  });

  return (
    <Form<Values> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void save(v)}
      initialValues={{ ownerName: plant.ownerName, ownerEmail: plant.ownerEmail, ownerPhone: plant.ownerPhone }}>
      <Form.Item name="ownerName" label={t('plant.fields.ownerName')} rules={[{ max: 50, message: t('validation.maxLength', { limit: 50 }) }]}><Input maxLength={50} /></Form.Item>
      <Form.Item name="ownerEmail" label={t('plant.fields.ownerEmail')} rules={[{ pattern: EMAIL, message: t('account.emailInvalid') }]}><Input maxLength={100} /></Form.Item>
      <Form.Item name="ownerPhone" label={t('plant.fields.ownerPhone')} rules={[{ pattern: /^\+?[0-9]{5,19}$/, message: t('plant.phoneInvalid') }]}><Input maxLength={20} /></Form.Item>
      <Button htmlType="submit" loading={saving}>{t('common.save')}</Button>
    </Form>
  );
}
