// A descriptor's own actions (lock, publish, off-shelf, ship, cancel…): each calls its operation
// with a row's id after a confirmation, is offered only with its permission and on the rows its
// `when` names (never on the caller's own row with `when.notSelf`), and refreshes the list when
// done. A bulk action also runs over the selected rows, one after another, with its progress shown
// and the outcome counted, or, with `bulkParam`, in one call that takes them all or none. An action
// with `fields` (entity fields) or its own `schema` asks for them in a dialog (a generated form)
// instead of the confirmation: the transfer of devices asks where to, shipping an order asks for
// the carrier and the tracking number. A `toolbar` action is a button above the list, called
// without a row (give coupons to chosen users).
import { useState } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { useGetIdentity, useInvalidate } from '@refinedev/core';
import { App, Button, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { useAccess } from '@/custom/shell/permission';
import type { ResourceDescriptor, RowAction } from '../types';
import { actionEntityName, asksInput, dialogForm } from '../action-form';
import { applies } from '../action-conditions';
import { operationArgs } from '../operation-args';
import { actionDoneText, failureReason, recordLabel } from '../notices';
import { SchemaForm } from './schema-form';
import { useEntity, useEntitySchema } from './use-entity';

type Loose = (id: OperationId, args: { query?: object; body?: object; silent?: boolean }) => Promise<unknown>;

const idBody = (descriptor: ResourceDescriptor, action: RowAction, record: BaseRecord | undefined) =>
  (record ? { [action.idParam ?? descriptor.idParam ?? descriptor.idField]: record[descriptor.idField] } : {});

const runOn = (descriptor: ResourceDescriptor, action: RowAction, record: BaseRecord | undefined, input: Record<string, unknown> = {}) =>
  (call as unknown as Loose)(action.operation, { ...operationArgs(action.operation, { ...input, ...action.values, ...idBody(descriptor, action, record) }), silent: true });

/** One call for all the rows: their ids comma-joined in the action's bulkParam. */
const runOnAll = (descriptor: ResourceDescriptor, action: RowAction, records: BaseRecord[], input: Record<string, unknown> = {}) =>
  (call as unknown as Loose)(action.operation, { ...operationArgs(action.operation, { ...input, ...action.values, [action.bulkParam!]: records.map((r) => String(r[descriptor.idField])).join(',') }), silent: true });

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
  const entity = useEntitySchema(actionEntityName(descriptor, action));
  const [busy, setBusy] = useState(false);
  const form = entity && dialogForm(descriptor, action, entity);
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden>
      {form && (
        <div data-testid={`action-dialog-${action.name}`}>
          <SchemaForm descriptor={form.descriptor} entity={form.entity} submitting={busy} submitText={t('common.confirm')}
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
  const { hasPermission, readOnly } = useAccess();
  return readOnly ? [] : (descriptor.actions ?? []).filter((a) => hasPermission(a.permission));
}

/** The caller's user id, for `when.notSelf`. */
export function useSelfId(): unknown {
  const { data } = useGetIdentity<{ id?: unknown }>();
  return data?.id;
}

/** The button, behind a confirmation unless the action declines one. */
function Confirmed({ action, title, run, children }: { action: RowAction; title: string; run(): Promise<void>; children: React.ReactElement }) {
  const { t } = useTranslation();
  if (action.confirm === false) return <span onClick={() => void run()}>{children}</span>;
  return <Popconfirm title={title} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={run}>{children}</Popconfirm>;
}

/** One action on one row, or on none (a toolbar action). */
function ActionButton({ descriptor, action, record, toolbar }: { descriptor: ResourceDescriptor; action: RowAction; record?: BaseRecord; toolbar?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { entity } = useEntity(descriptor.name);
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const label = t(`${descriptor.name}.actions.${action.name}`);
  const named = record ? recordLabel(descriptor, record) || String(record[descriptor.idField] ?? '') : '';
  const run = async (input?: Record<string, unknown>) => {
    setBusy(true);
    try {
      await runOn(descriptor, action, record, input);
      void message.success(record ? actionDoneText(t, descriptor, action.name, record) : t('resource.actionDone', { action: label }));
      await invalidate({ resource: descriptor.name, invalidates: ['list', 'detail'] });
    } catch (error) {
      void message.error(error instanceof ApiError ? failureReason(t, descriptor, entity, error) : t('errors.unknown'));
      if (input) throw formErrors(error);
    } finally {
      setBusy(false);
    }
  };
  // The label is the button's text, so that it is also its accessible name; on a row it names the record too.
  const button = (
    <Button size={toolbar ? 'middle' : 'small'} type={toolbar ? 'default' : 'link'} danger={action.danger ?? false} loading={busy}
      aria-label={named ? `${label}: ${named}` : label} data-testid={`${toolbar ? 'toolbar' : 'row'}-action-${action.name}`}>{label}</Button>
  );
  if (asksInput(action)) {
    return (
      <>
        <span onClick={() => setAsking(true)}>{button}</span>
        <ActionDialog descriptor={descriptor} action={action} open={asking} onClose={() => setAsking(false)} run={run}
          title={named ? `${label}: ${named}` : label} />
      </>
    );
  }
  return <Confirmed action={action} title={t('resource.confirmAction', { action: label })} run={() => run()}>{button}</Confirmed>;
}

export function RowActions({ descriptor, record }: { descriptor: ResourceDescriptor; record: BaseRecord }) {
  const self = useSelfId();
  const offered = useOffered(descriptor).filter((a) => !a.toolbar && applies(a, record, self));
  return <>{offered.map((a) => <ActionButton key={a.name} descriptor={descriptor} action={a} record={record} />)}</>;
}

/** Whether the descriptor has row actions, so that the list shows its actions column. */
export const hasRowActions = (descriptor: ResourceDescriptor) => (descriptor.actions ?? []).some((a) => !a.toolbar);

/** The actions above the list that need no row. */
export function ToolbarActions({ descriptor }: { descriptor: ResourceDescriptor }) {
  const offered = useOffered(descriptor).filter((a) => a.toolbar);
  return <>{offered.map((a) => <ActionButton key={a.name} descriptor={descriptor} action={a} toolbar />)}</>;
}

/** Whether the list offers bulk actions, so that its rows can be selected. */
export const hasBulkActions = (descriptor: ResourceDescriptor) => (descriptor.actions ?? []).some((a) => a.bulk && !a.toolbar);

export function BulkActions({ descriptor, selected, onDone }: { descriptor: ResourceDescriptor; selected: BaseRecord[]; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { entity } = useEntity(descriptor.name);
  const invalidate = useInvalidate();
  const self = useSelfId();
  const [busy, setBusy] = useState<string>();
  const [asking, setAsking] = useState<RowAction>();
  const offered = useOffered(descriptor).filter((a) => a.bulk && !a.toolbar);
  if (!offered.length) return null;
  const reasonOf = (error: unknown) => (error instanceof ApiError ? failureReason(t, descriptor, entity, error) : error ? t('errors.unknown') : '');

  /** All the rows in one call (bulkParam): done for all of them, or for none. */
  const runAll = async (action: RowAction, label: string, rows: BaseRecord[], input?: Record<string, unknown>) => {
    setBusy(action.name);
    try {
      await runOnAll(descriptor, action, rows, input);
      void message.success(t('resource.bulkDone', { action: label, done: rows.length }));
      onDone();
      await invalidate({ resource: descriptor.name, invalidates: ['list'] });
    } catch (error) {
      void message.error(reasonOf(error));
      if (input) throw formErrors(error);
    } finally {
      setBusy(undefined);
    }
  };

  const run = async (action: RowAction, label: string, input?: Record<string, unknown>) => {
    const rows = selected.filter((r) => applies(action, r, self));
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
    void message.open({
      key, type: failed ? 'warning' : 'success', duration: failed ? 6 : 3,
      content: failed ? t('resource.bulkPartly', { action: label, done, failed, reason: reasonOf(firstError) }) : t('resource.bulkDone', { action: label, done }),
    });
    setBusy(undefined);
    onDone();
    await invalidate({ resource: descriptor.name, invalidates: ['list'] });
  };

  return (
    <Space data-testid="bulk-actions">
      {offered.map((action) => {
        const label = t(`${descriptor.name}.actions.${action.name}`);
        const count = selected.filter((r) => applies(action, r, self)).length;
        const button = (
          <Button danger={action.danger ?? false} disabled={!count || Boolean(busy)} loading={busy === action.name} data-testid={`bulk-action-${action.name}`}
            {...(asksInput(action) ? { onClick: () => setAsking(action) } : {})}>
            {t('resource.bulkButton', { action: label, count })}
          </Button>
        );
        if (asksInput(action)) return <span key={action.name}>{button}</span>;
        return <Confirmed key={action.name} action={action} title={t('resource.confirmBulk', { action: label, count })} run={() => run(action, label)}>{button}</Confirmed>;
      })}
      {asking && (
        <ActionDialog descriptor={descriptor} action={asking} open onClose={() => setAsking(undefined)}
          title={t('resource.confirmBulk', { action: t(`${descriptor.name}.actions.${asking.name}`), count: selected.filter((r) => applies(asking, r, self)).length })}
          run={(input) => run(asking, t(`${descriptor.name}.actions.${asking.name}`), input)} />
      )}
    </Space>
  );
}
