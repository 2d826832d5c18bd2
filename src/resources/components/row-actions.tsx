// A descriptor's own row actions (publish, off-shelf, ship, cancel…): each calls its operation
// with the row's id after a confirmation, is offered only with its permission and on the rows its
// `when` names, and refreshes the list when done.
import { useState } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { errorText } from '@/lib/error-text';
import { useAccess } from '@/custom/shell/permission';
import type { ResourceDescriptor, RowAction } from '../types';

type Loose = (id: OperationId, args: { body?: object; silent?: boolean }) => Promise<unknown>;

function ActionButton({ descriptor, action, record }: { descriptor: ResourceDescriptor; action: RowAction; record: BaseRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const label = t(`${descriptor.name}.actions.${action.name}`);
  const run = async () => {
    setBusy(true);
    try {
      const id = record[descriptor.idField];
      await (call as unknown as Loose)(action.operation, { body: { ...action.values, [action.idParam ?? descriptor.idParam ?? descriptor.idField]: id }, silent: true });
      void message.success(t('notifications.recordDone', { action: label, label: String(record[descriptor.labelField ?? descriptor.idField] ?? '') }));
      await invalidate({ resource: descriptor.name, invalidates: ['list', 'detail'] });
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button size="small" type="link" danger={action.danger ?? false} loading={busy} data-testid={`row-action-${action.name}`}
      onClick={action.confirm === false ? () => void run() : undefined}>
      {label}
    </Button>
  );
  if (action.confirm === false) return button;
  return (
    <Popconfirm title={t('resource.confirmAction', { action: label })} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={run}>
      {button}
    </Popconfirm>
  );
}

export function RowActions({ descriptor, record }: { descriptor: ResourceDescriptor; record: BaseRecord }) {
  const { hasPermission } = useAccess();
  const offered = (descriptor.actions ?? []).filter((a) => hasPermission(a.permission) && (!a.when || a.when.in.includes(record[a.when.field])));
  return <>{offered.map((a) => <ActionButton key={a.name} descriptor={descriptor} action={a} record={record} />)}</>;
}
