// Adds or edits a sub-group (editPlantDataViews): its name, display order and devices, chosen
// among the plant's devices in no sub-group and the group's own (a device is in one sub-group at
// most). The devices sent replace the group's, so moving them all out empties it. A 10003 names
// the field at fault and is shown on that field.
import { useMemo } from 'react';
import { App, Form, Input, InputNumber, Modal, Transfer } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { useFormSave } from '@/api/form-errors';
import type { DataViews, SubGroup } from './use-data-views';

/** The contract's limits of a sub-group's name and display order. */
const NAME_MAX = 50;
const SORT_MAX = 999;

interface Values {
  subGroupName: string;
  sort: number | null;
  deviceSnArr: string[];
}

interface Props {
  plantUid: string;
  /** The sub-group to edit; without one the dialog adds a sub-group. */
  group?: SubGroup | undefined;
  /** The plant's devices in no sub-group. */
  ungrouped: string[];
  open: boolean;
  onClose(): void;
  /** The plant's data views after the change. */
  onSaved(views: DataViews): void;
}

export function SubGroupDialog({ plantUid, group, ungrouped, open, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const choices = useMemo(() => [...(group?.deviceSns ?? []), ...ungrouped].sort().map((sn) => ({ key: sn, title: sn })), [group, ungrouped]);

  const { saving, run: save } = useFormSave(form, async (values: Values) => {
    const views = await call('editPlantDataViews', {
      body: {
        plantUid, ...(group ? { subGroupId: group.subGroupId } : {}), subGroupName: values.subGroupName,
        sort: values.sort ?? undefined, deviceSnArr: values.deviceSnArr.join(','),
      },
      silent: true,
    });
    void message.success(t(group ? 'plant.views.updated' : 'plant.views.added'));
    onSaved(views);
  });

  return (
    <Modal open={open} title={t(group ? 'plant.views.editTitle' : 'plant.views.addTitle')} onCancel={onClose} maskClosable={false} destroyOnHidden width={640}
      okText={t('common.save')} cancelText={t('common.cancel')} okButtonProps={{ loading: saving, 'data-testid': 'view-save' }} onOk={() => form.submit()}>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="view-form"
        initialValues={{ subGroupName: group?.subGroupName ?? '', sort: group?.sort ?? 0, deviceSnArr: group?.deviceSns ?? [] }}>
        <Form.Item name="subGroupName" label={t('plant.views.fields.subGroupName')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: NAME_MAX, message: t('validation.maxLength', { limit: NAME_MAX }) }]}>
          <Input maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item name="sort" label={t('plant.views.fields.sort')} extra={t('plant.views.sortHint')}>
          <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="deviceSnArr" label={t('plant.views.fields.devices')} valuePropName="targetKeys">
          <Transfer dataSource={choices} render={(item) => item.title} showSearch listStyle={{ width: '100%', height: 260 }}
            titles={[t('plant.views.otherDevices'), t('plant.views.groupDevices')]} operations={[t('plant.views.moveIn'), t('plant.views.moveOut')]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
