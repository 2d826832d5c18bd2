// A descriptor's own actions (lock, publish, off-shelf, ship, cancel…): each calls its operation
// with a row's id after a confirmation, is offered only with its permission and on the rows its
// `when` names, and refreshes the list when done. A bulk action also runs over the selected rows,
// one after another, with its progress shown and the outcome counted, or, with `bulkParam`, in one
// call that takes them all or none. An action with `fields` asks for them in a dialog (a generated
// form of those entity fields) instead of the confirmation: the transfer of devices asks where to.
import { useState } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { errorText } from '@/lib/error-text';
import { useAccess } from '@/custom/shell/permission';
import type { ResourceDescriptor, RowAction } from '../types';
import { SchemaForm } from './schema-form';
import { useEntity } from './use-entity';

type Loose = (id: OperationId, args: { body?: object; silent?: boolean }) => Promise<unknown>;

const applies = (action: RowAction, record: BaseRecord) => !action.when || action.when.in.includes(record[action.when.field]);

const runOn = (descriptor: ResourceDescriptor, action: RowAction, record: BaseRecord, input: Record<string, unknown> = {}) =>
  (call as unknown as Loose)(action.operation, { body: { ...input, ...action.values, [action.idParam ?? descriptor.idParam ?? descriptor.idField]: record[descriptor.idField] }, silent: true });

/** One call for all the rows: their ids comma-joined in the action's bulkParam. */
const runOnAll = (descriptor: ResourceDescriptor, action: RowAction, records: BaseRecord[], input: Record<string, unknown> = {}) =>
  (call as unknown as Loose)(action.operation, { body: { ...input, ...action.values, [action.bulkParam!]: records.map((r) => String(r[descriptor.idField])).join(',') }, silent: true });

/** An ApiError as the generated form shows it: each field's message under that field. */
const formErrors = (error: unknown) => ({
  errors: error instanceof ApiError ? Object.fromEntries(error.fields.map((f) => [f.field, [f.message]])) : {},
});

/**
 * The action's fields in a dialog, sent with the call when the form is valid; the server's field
 * errors show under their fields and keep the dialog open.
 */
function ActionDialog({ descriptor, action, title, open, onClose, run }: {
  descriptor: ResourceDescriptor; action: RowAction; title: string; open: boolean; onClose(): void; run(input: Record<string, unknown>): Promise<void>;
}) {
  const { t } = useTranslation();
  const { entity } = useEntity(descriptor.name);
  const [busy, setBusy] = useState(false);
  const formDescriptor = { ...descriptor, form: { fields: action.fields ?? [], uiSchema: action.uiSchema ?? {} } };
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden>
      {entity && (
        <div data-testid={`action-dialog-${action.name}`}>
          <SchemaForm descriptor={formDescriptor} entity={entity} submitting={busy} submitText={t('common.confirm')}
            onSubmit={async (values) => {
              setBusy(true);
              try {
                await run(values);
                onClose();
              } finally {
                setBusy(false);
              }
            }} />
        </div>
      )}
    </Modal>
  );
}

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
  const [asking, setAsking] = useState(false);
  const label = t(`${descriptor.name}.actions.${action.name}`);
  const run = async (input?: Record<string, unknown>) => {
    setBusy(true);
    try {
      await runOn(descriptor, action, record, input);
      void message.success(t('notifications.recordDone', { action: label, label: String(record[descriptor.labelField ?? descriptor.idField] ?? '') }));
      await invalidate({ resource: descriptor.name, invalidates: ['list', 'detail'] });
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
      if (input) throw formErrors(error);
    } finally {
      setBusy(false);
    }
  };
  const button = <Button size="small" type="link" danger={action.danger ?? false} loading={busy} data-testid={`row-action-${action.name}`}>{label}</Button>;
  if (action.fields?.length) {
    return (
      <>
        <span onClick={() => setAsking(true)}>{button}</span>
        <ActionDialog descriptor={descriptor} action={action} open={asking} onClose={() => setAsking(false)} run={run}
          title={`${label}: ${String(record[descriptor.labelField ?? descriptor.idField] ?? '')}`} />
      </>
    );
  }
  return <Confirmed action={action} title={t('resource.confirmAction', { action: label })} run={() => run()}>{button}</Confirmed>;
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
  const [asking, setAsking] = useState<RowAction>();
  const offered = useOffered(descriptor).filter((a) => a.bulk);
  if (!offered.length) return null;

  /** All the rows in one call (bulkParam): done for all of them, or for none. */
  const runAll = async (action: RowAction, label: string, rows: BaseRecord[], input?: Record<string, unknown>) => {
    setBusy(action.name);
    try {
      await runOnAll(descriptor, action, rows, input);
      void message.success(t('resource.bulkDone', { action: label, done: rows.length }));
      onDone();
      await invalidate({ resource: descriptor.name, invalidates: ['list'] });
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
      if (input) throw formErrors(error);
    } finally {
      setBusy(undefined);
    }
  };

  const run = async (action: RowAction, label: string, input?: Record<string, unknown>) => {
    const rows = selected.filter((r) => applies(action, r));
    if (action.bulkParam) return runAll(action, label, rows, input);
    const key = `bulk-${action.name}`;
    setBusy(action.name);
    let done = 0;
    let firstError: unknown;
    for (const [i, row] of rows.entries()) {
      void message.open({ key, type: 'loading', content: t('resource.bulkProgress', { action: label, done: i, total: rows.length }), duration: 0 });
      try {
        await runOn(descriptor, action, row, input);
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
        const button = (
          <Button danger={action.danger ?? false} disabled={!count || Boolean(busy)} loading={busy === action.name} data-testid={`bulk-action-${action.name}`}
            {...(action.fields?.length ? { onClick: () => setAsking(action) } : {})}>
            {t('resource.bulkButton', { action: label, count })}
          </Button>
        );
        if (action.fields?.length) return <span key={action.name}>{button}</span>;
        return <Confirmed key={action.name} action={action} title={t('resource.confirmBulk', { action: label, count })} run={() => run(action, label)}>{button}</Confirmed>;
      })}
      {asking && (
        <ActionDialog descriptor={descriptor} action={asking} open onClose={() => setAsking(undefined)}
          title={t('resource.confirmBulk', { action: t(`${descriptor.name}.actions.${asking.name}`), count: selected.filter((r) => applies(asking, r)).length })}
          run={(input) => run(asking, t(`${descriptor.name}.actions.${asking.name}`), input)} />
      )}
    </Space>
  );
}
