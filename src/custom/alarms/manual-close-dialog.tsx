// Closing one alarm by hand (manualCloseAlarm): what was done is required, kept as the alarm's
// close remark and in its close event with who and when. A refusal (already closed, too long)
// shows under the field and keeps the dialog open.
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { useFormSave } from '@/api/form-errors';
import alarmEntity from '../../../schemas/entities/alarm.schema.json';

const REMARK_MAX = alarmEntity.properties.closeRemark.maxLength;

interface Values {
  closeRemark: string;
}

export function ManualCloseDialog({ alarm, onClose, onClosed }: { alarm: { id: number; alarmName: string }; onClose(): void; onClosed(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useFormSave(form, async ({ closeRemark }) => {
    await call('manualCloseAlarm', { body: { id: alarm.id, closeRemark }, silent: true });
    void message.success(t('alarmCentre.closed', { name: alarm.alarmName }));
    onClosed();
  }, ['closeRemark']);
  return (
    <Modal open title={t('alarmCentre.manualCloseTitle', { name: alarm.alarmName })} okText={t('alarmCentre.manualClose')}
      cancelText={t('common.cancel')} confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(values) => void run(values)} data-testid="manual-close-form">
        <Form.Item name="closeRemark" label={t('alarmCentre.fields.closeRemark')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: REMARK_MAX, message: t('validation.maxLength', { limit: REMARK_MAX }) }]}>
          <Input.TextArea rows={4} maxLength={REMARK_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
