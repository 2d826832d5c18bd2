// One serial into the inventory (deviceImportSingle); the server's field errors land on their fields.
import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { BodyOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { ALIAS_MAX, ALIAS_MIN, MAX_RATED_POWER_KWP, MAX_SN_LENGTH } from '@/lib/plant-rules';

type Values = BodyOf<'deviceImportSingle'>;
const SN = /^[A-Za-z0-9_-]+$/;

export function SingleImportForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const stored = await call('deviceImportSingle', { body: values, silent: true });
      void message.success(t('deviceImport.added', { sn: stored.sn }));
      form.resetFields();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void message.error(errorText(t, error));
      form.setFields(error.fields.filter((f) => f.field in form.getFieldsValue(true) || ['sn', 'snType', 'modelCode', 'ratedPower', 'parentSn', 'aliases'].includes(f.field))
        .map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
    } finally {
      setSaving(false);
    }
  };

  // An empty serial is missing, not malformed: the required rule speaks first, with its own words.
  const snRules = (required: boolean) => [
    { required, whitespace: true, message: t('validation.required') },
    { pattern: SN, max: MAX_SN_LENGTH, message: t('deviceImport.rules.sn', { max: MAX_SN_LENGTH }) },
  ];
  return (
    <Form<Values> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void save(v)} data-testid="device-import-single">
      <Form.Item name="sn" label={t('deviceInventory.fields.sn')} rules={snRules(true)}><Input maxLength={MAX_SN_LENGTH} /></Form.Item>
      <Form.Item name="snType" label={t('deviceInventory.fields.snType')} rules={[{ required: true, message: t('validation.required') }]}>
        <Select data-testid="sn-type" options={[1, 2, 3, 4, 5, 6, 7].map((v) => ({ value: v, label: t(`scannedDevice.enums.snType.${v}`) }))} />
      </Form.Item>
      <Form.Item name="modelCode" label={t('deviceInventory.fields.modelCode')}><Input maxLength={50} /></Form.Item>
      <Form.Item name="ratedPower" label={t('deviceInventory.fields.ratedPower')}
        rules={[{ type: 'number', min: Number.MIN_VALUE, max: MAX_RATED_POWER_KWP, message: t('plantWizard.ratedPowerRange', { max: MAX_RATED_POWER_KWP }) }]}>
        <InputNumber style={{ width: '100%' }} addonAfter="kWp" />
      </Form.Item>
      <Form.Item name="parentSn" label={t('deviceInventory.fields.parentSn')} rules={snRules(false)}><Input maxLength={MAX_SN_LENGTH} /></Form.Item>
      <Form.Item name="aliases" label={t('deviceInventory.fields.aliases')}
        rules={[{ min: ALIAS_MIN, max: ALIAS_MAX, pattern: /^[^,]*$/, message: t('plantWizard.warnings.alias') }]}>
        <Input maxLength={ALIAS_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="device-import-save">{t('deviceImport.add')}</Button>
    </Form>
  );
}
