// A child resource on its parent's detail screen (e.g. the serial prefixes of a model code):
// its rows, and create/edit forms in a dialog, each offered only with its permission.
import { useState } from 'react';
import { useCan, useCreate, useTable, useUpdate, type BaseRecord } from '@refinedev/core';
import { Button, Card, Modal, Space, Table } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useEntity } from './use-entity';
import { schemaColumns } from './columns';
import { SchemaForm } from './schema-form';

interface Props {
  resource: string;
  foreignKey: string;
  parentId: unknown;
  /** The card's title; the resource's list title by default. */
  title?: string;
}

export function ChildTable({ resource, foreignKey, parentId, title }: Props) {
  const { t } = useTranslation();
  const { descriptor, entity } = useEntity(resource);
  const { tableQuery, result } = useTable({
    resource, pagination: { mode: 'off' }, syncWithLocation: false,
    filters: { permanent: [{ field: foreignKey, operator: 'eq', value: parentId }] },
  });
  const { data: canCreate } = useCan({ resource, action: 'create' });
  const { data: canEdit } = useCan({ resource, action: 'edit' });
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const [editing, setEditing] = useState<BaseRecord | 'new' | undefined>();
  if (!entity) return null;

  const columns = [
    ...schemaColumns(t, descriptor, entity, { hidden: new Set(), clientSide: true, showUrl: () => undefined }),
    ...(canEdit?.can && descriptor.operations.update ? [{
      key: 'actions', title: t('common.actions.title'),
      render: (_: unknown, record: BaseRecord) => <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(record)} aria-label={t('common.actions.edit')} />,
    }] : []),
  ];

  const save = (values: Record<string, unknown>) => (editing === 'new'
    ? create({ resource, values: { ...values, [foreignKey]: parentId }, successNotification: false })
    : update({ resource, id: editing![descriptor.idField] as string, values, successNotification: false })
  ).then(() => setEditing(undefined));

  return (
    <Card
      title={title ?? t(`${resource}.titles.list`)}
      style={{ marginTop: 16 }}
      extra={canCreate?.can && descriptor.operations.create && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('common.actions.create')}</Button>
      )}
    >
      <Table rowKey={descriptor.idField} columns={columns} dataSource={result.data} loading={tableQuery.isLoading} pagination={false} size="small" />
      <Modal
        open={editing !== undefined}
        title={t(editing === 'new' ? `${resource}.titles.create` : `${resource}.titles.edit`)}
        footer={null}
        destroyOnHidden
        onCancel={() => setEditing(undefined)}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <SchemaForm descriptor={descriptor} entity={entity} record={editing === 'new' ? undefined : editing}
            submitting={creating.isPending || updating.isPending} submitText={t('common.save')} onSubmit={save} />
        </Space>
      </Modal>
    </Card>
  );
}
