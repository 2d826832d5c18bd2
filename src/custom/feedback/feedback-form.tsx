// The feedback form (000 sections 2 and 5): name, e-mail or mobile, one or more types and the
// text, with the limits of schemas/entities/feedback.schema.json checked as the user types (the
// server checks them again and names the field it refuses). Exported for the floating panel's
// feedback tab; `onSent` hears each stored submission.
import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { useFormSave } from '@/api/form-errors';
import feedbackEntity from '../../../schemas/entities/feedback.schema.json';

interface Values {
  userName: string;
  emailOrMobile: string;
  typeIds: number[];
  advice: string;
}
const FIELDS = ['userName', 'emailOrMobile', 'typeIds', 'advice'] as const;
type TextField = 'userName' | 'emailOrMobile' | 'advice';
type Translate = (key: string, options?: Record<string, unknown>) => string;

const limitOf = (field: TextField) => (feedbackEntity.properties[field] as { maxLength: number }).maxLength;

function textRules(t: Translate, field: TextField): Rule[] {
  const { pattern } = feedbackEntity.properties[field] as { pattern?: string };
  return [
    { required: true, whitespace: true, message: t('validation.required') },
    { max: limitOf(field), message: t('validation.maxLength', { limit: limitOf(field) }) },
    ...(pattern ? [{ pattern: new RegExp(pattern), message: t('feedback.contactFormat') }] : []),
  ];
}

export function FeedbackForm({ onSent }: { onSent?(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [types, setTypes] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    call('getTypes', { silent: true }).then((list) => live && setTypes(list), () => undefined);
    return () => {
      live = false;
    };
  }, [i18n.language]);
  const { saving, run } = useFormSave(form, async (values: Values) => {
    await call('adviceAdd', { body: { ...values, typeIds: values.typeIds.join(',') }, silent: true });
    void message.success(t('feedback.sent'));
    form.resetFields();
    onSent?.();
  }, FIELDS);
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void run(values)} data-testid="feedback-form">
      <Form.Item name="userName" label={t('feedback.fields.userName')} rules={textRules(t, 'userName')}>
        <Input maxLength={limitOf('userName')} showCount autoComplete="name" />
      </Form.Item>
      <Form.Item name="emailOrMobile" label={t('feedback.fields.emailOrMobile')} rules={textRules(t, 'emailOrMobile')}>
        <Input maxLength={limitOf('emailOrMobile')} showCount autoComplete="email" />
      </Form.Item>
      <Form.Item name="typeIds" label={t('feedback.fields.typeIds')} rules={[{ required: true, type: 'array', min: 1, message: t('feedback.typeRequired') }]}>
        <Checkbox.Group options={types.map((type) => ({ value: type.id, label: type.name }))} data-testid="feedback-types" />
      </Form.Item>
      <Form.Item name="advice" label={t('feedback.fields.advice')} rules={textRules(t, 'advice')}>
        <Input.TextArea maxLength={limitOf('advice')} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="feedback-submit">{t('feedback.submit')}</Button>
    </Form>
  );
}
