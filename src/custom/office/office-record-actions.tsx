// Edit and delete for the office chosen on the offices page, each offered with its permission:
// the edit form is the office descriptor's generated form in a dialog; a refused delete says why
// (sub-offices, accounts, plants, devices) in the failure toast.
import { useState } from 'react';
import { useCan, useDelete, useUpdate, type HttpError } from '@refinedev/core';
import { Button, Modal, Popconfirm, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '@/resources/components/schema-form';
import { failureNotice, recordNotice } from '@/resources/notices';
import type { EntitySchema, ResourceDescriptor } from '@/resources/types';

interface Props {
  descriptor: ResourceDescriptor;
  entity: EntitySchema;
  office: Record<string, unknown>;
  /** After a change: the tree and the details are read again. */
  onChanged: (deleted: boolean) => void;
}

export function OfficeRecordActions({ descriptor, entity, office, onChanged }: Props) {
  const { t } = useTranslation();
  const { data: canEdit } = useCan({ resource: 'office', action: 'edit' });
  const { data: canDelete } = useCan({ resource: 'office', action: 'delete' });
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const { mutate: remove, mutation: removing } = useDelete();
  const [editing, setEditing] = useState(false);
  const id = office[descriptor.idField] as string;
  const name = String(office[descriptor.labelField ?? descriptor.idField] ?? id);

  const save = (values: Record<string, unknown>) => update({
    resource: 'office', id, values,
    successNotification: (data) => recordNotice(t, descriptor, 'saved', (data?.data ?? values) as Record<string, unknown>),
    errorNotification: (error) => failureNotice(t, descriptor, entity, 'saved', error as HttpError, office),
  }).then(() => {
    setEditing(false);
    onChanged(false);
  });

  const deleteOffice = () => remove({
    resource: 'office', id,
    successNotification: recordNotice(t, descriptor, 'deleted', office),
    errorNotification: (error) => failureNotice(t, descriptor, entity, 'deleted', error as HttpError, office),
  }, { onSuccess: () => onChanged(true) });

  return (
    <Space>
      {canEdit?.can && (
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="office-edit">{t('common.actions.edit')}</Button>
      )}
      {canDelete?.can && (
        <Popconfirm title={t('office.deleteConfirm', { name })} okText={t('common.actions.delete')} cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'office-delete-confirm' } as never} onConfirm={deleteOffice}>
          <Button size="small" danger icon={<DeleteOutlined />} loading={removing.isPending} data-testid="office-delete">{t('common.actions.delete')}</Button>
        </Popconfirm>
      )}
      <Modal open={editing} title={t('office.titles.edit')} footer={null} destroyOnHidden onCancel={() => setEditing(false)}>
        <SchemaForm descriptor={descriptor} entity={entity} record={office} submitting={updating.isPending} submitText={t('common.save')} onSubmit={save} />
      </Modal>
    </Space>
  );
}
