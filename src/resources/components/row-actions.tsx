// A descriptor's own actions (lock, publish, off-shelf, ship, cancel…): each calls its operation
// with a row's id after a confirmation, is offered only with its permission and on the rows its
// `when` names, and refreshes the list when done. A bulk action also runs over the selected rows,
// one after another, with its progress shown and the outcome counted.
import { useState } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { errorText } from '@/lib/error-text';
import { useAccess } from '@/custom/shell/permission';
import type { ResourceDescriptor, RowAction } from '../types';

type Loose = (id: OperationId, args: { body?: object; silent?: boolean }) => Promise<unknown>;

const applies = (action: RowAction, record: BaseRecord) => !action.when || action.when.in.includes(record[action.when.field]);

const runOn = (descriptor: ResourceDescriptor, action: RowAction, record: BaseRecord) =>
  (call as unknown as Loose)(action.operation, { body: { ...action.values, [action.idParam ?? descriptor.idParam ?? descriptor.idField]: record[descriptor.idField] }, silent: true });

function useOffered(descriptor: ResourceDescriptor) {
  const { hasPermission } = useAccess();
  return (descriptor.actions ?? []).filter((a) => hasPermission(a.permission));
}

/** The button, behind a confirmation unless the action declines one. */
function Confirmed({ action, title, run, children }: { action: RowAction; title: string; run(): Promise<void>; children: React.ReactElement }) {
  const { t } = useTranslation();
  if (action.confirm === false) return <span onClick={() => void run()}>{children}</span>;
  return <Popconfirm title={title} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={run}>{children}</Popconfirm>;
}

function ActionButton({ descriptor, action, record }: { descriptor: ResourceDescriptor; action: RowAction; record: BaseRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const label = t(`${descriptor.name}.actions.${action.name}`);
  const run = async () => {
    setBusy(true);
    try {
      await runOn(descriptor, action, record);
      void message.success(t('notifications.recordDone', { action: label, label: String(record[descriptor.labelField ?? descriptor.idField] ?? '') }));
      await invalidate({ resource: descriptor.name, invalidates: ['list', 'detail'] });
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Confirmed action={action} title={t('resource.confirmAction', { action: label })} run={run}>
      <Button size="small" type="link" danger={action.danger ?? false} loading={busy} data-testid={`row-action-${action.name}`}>{label}</Button>
    </Confirmed>
  );
}

export function RowActions({ descriptor, record }: { descriptor: ResourceDescriptor; record: BaseRecord }) {
  const offered = useOffered(descriptor).filter((a) => applies(a, record));
  return <>{offered.map((a) => <ActionButton key={a.name} descriptor={descriptor} action={a} record={record} />)}</>;
}

/** Whether the list offers bulk actions, so that its rows can be selected. */
export const hasBulkActions = (descriptor: ResourceDescriptor) => (descriptor.actions ?? []).some((a) => a.bulk);

export function BulkActions({ descriptor, selected, onDone }: { descriptor: ResourceDescriptor; selected: BaseRecord[]; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState<string>();
  const offered = useOffered(descriptor).filter((a) => a.bulk);
  if (!offered.length) return null;

  const run = async (action: RowAction, label: string) => {
    const rows = selected.filter((r) => applies(action, r));
    const key = `bulk-${action.name}`;
    setBusy(action.name);
    let done = 0;
    let firstError: unknown;
    for (const [i, row] of rows.entries()) {
      void message.open({ key, type: 'loading', content: t('resource.bulkProgress', { action: label, done: i, total: rows.length }), duration: 0 });
      try {
        await runOn(descriptor, action, row);
        done++;
      } catch (error) {
        firstError ??= error;
      }
    }
    const failed = rows.length - done;
    const reason = firstError instanceof ApiError ? errorText(t, firstError) : firstError ? t('errors.unknown') : '';
    void message.open({
      key, type: failed ? 'warning' : 'success', duration: failed ? 6 : 3,
      content: failed ? t('resource.bulkPartly', { action: label, done, failed, reason }) : t('resource.bulkDone', { action: label, done }),
    });
    setBusy(undefined);
    onDone();
    await invalidate({ resource: descriptor.name, invalidates: ['list'] });
  };

  return (
    <Space data-testid="bulk-actions">
      {offered.map((action) => {
        const label = t(`${descriptor.name}.actions.${action.name}`);
        const count = selected.filter((r) => applies(action, r)).length;
        return (
          <Confirmed key={action.name} action={action} title={t('resource.confirmBulk', { action: label, count })} run={() => run(action, label)}>
            <Button danger={action.danger ?? false} disabled={!count || Boolean(busy)} loading={busy === action.name} data-testid={`bulk-action-${action.name}`}>
              {t('resource.bulkButton', { action: label, count })}
            </Button>
          </Confirmed>
        );
      })}
    </Space>
  );
}
