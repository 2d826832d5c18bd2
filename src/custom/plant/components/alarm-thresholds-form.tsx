// The plant's own alarm limits (getPlantAlarmThresholds, editPlantAlarmThresholds), for those who
// manage the plant: each field shows the rules' default as its placeholder, and an empty field
// returns to it. The server checks every value against the rules and names the field it refuses.
import { useEffect, useState } from 'react';
import { App, Button, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { useFormSave } from '@/api/form-errors';

type Thresholds = DataOf<'getPlantAlarmThresholds'>;
type Field = keyof Thresholds['thresholds'];
type Values = Partial<Record<Field, number | null>>;

/** The fields in the form's order. No step: a fractional one would show 25 as "25.0". */
const FIELDS: Field[] = ['maxTemperature', 'minBatterySoc', 'minGridVoltage', 'maxGridVoltage', 'minGridFrequency', 'maxGridFrequency', 'offlineMinutes'];

export function AlarmThresholdsForm({ plantUid }: { plantUid: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<Thresholds>();

  useEffect(() => {
    void call('getPlantAlarmThresholds', { query: { plantUid } }).then((answer) => {
      setLoaded(answer);
      form.setFieldsValue(answer.thresholds);
    });
  }, [plantUid, form]);

  const { saving, run: save } = useFormSave(form, async (values: Values) => {
    // A field left empty is left out: the server returns it to the default.
    const own = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'number'));
    const answer = await call('editPlantAlarmThresholds', { body: { plantUid, ...own }, silent: true });
    setLoaded(answer);
    form.setFieldsValue(answer.thresholds);
    void message.success(t('plant.alarmThresholds.saved'));
  }, FIELDS);

  if (!loaded) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <Form<Values> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void save(v)} data-testid="alarm-thresholds-form">
      <Typography.Paragraph type="secondary">{t('plant.alarmThresholds.hint')}</Typography.Paragraph>
      {FIELDS.map((field) => (
        <Form.Item key={field} name={field} label={t(`plant.alarmThresholds.fields.${field}`)}>
          <InputNumber<number> placeholder={String(loaded.defaults[field])} style={{ width: '100%' }} />
        </Form.Item>
      ))}
      <Button htmlType="submit" loading={saving} data-testid="save-alarm-thresholds">{t('common.save')}</Button>
    </Form>
  );
}
