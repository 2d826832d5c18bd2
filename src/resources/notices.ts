// Toasts that speak of the record ("Model code S6-3K created", "Account engineer locked"), not of
// the resource's internal name; a record without a label field is named by its kind alone. A
// failure says what was not done and why, with the fields' labels in the server's words.
import type { HttpError, OpenNotificationParams } from '@refinedev/core';
import { errorText } from '@/lib/error-text';
import { labelledMessage } from './messages';
import type { Translate } from './schema-utils';
import type { EntitySchema, ResourceDescriptor } from './types';

const KEYS = {
  created: ['notifications.recordCreated', 'notifications.createSuccess'],
  saved: ['notifications.recordSaved', 'notifications.editSuccess'],
  deleted: ['notifications.recordDeleted', 'notifications.deleteSuccess'],
} as const;

const FAILED = { created: 'notifications.recordNotCreated', saved: 'notifications.recordNotSaved', deleted: 'notifications.recordNotDeleted' } as const;

/** The record's label field as text, or '' when it has none. */
export function recordLabel(descriptor: ResourceDescriptor, record?: Record<string, unknown>): string {
  const label = descriptor.labelField ? record?.[descriptor.labelField] : undefined;
  return label !== undefined && label !== null && label !== '' ? String(label) : '';
}

/**
 * The values an update's notification was given: Refine's update hands it `{ id, values }`, not the
 * values (its types say otherwise), so that the edit's toast had lost the record's name ("Point rule saved").
 */
export function submittedValues(params: unknown): Record<string, unknown> {
  const given = (params ?? {}) as { values?: unknown };
  return (given.values && typeof given.values === 'object' ? given.values : given) as Record<string, unknown>;
}

export function recordNotice(t: Translate, descriptor: ResourceDescriptor, kind: keyof typeof KEYS, record?: Record<string, unknown>): OpenNotificationParams {
  const what = t(`${descriptor.name}.titles.one`);
  const label = recordLabel(descriptor, record);
  const [withLabel, without] = KEYS[kind];
  const message = label ? t(withLabel, { what, label }) : t(without, { resource: what });
  return { type: 'success', message };
}

/** Why a call failed, in words: the server's message with field labels, or the code's text. */
export function failureReason(t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema | undefined, error: { errCode: number; message: string }): string {
  return labelledMessage(t, descriptor, entity, errorText(t, error));
}

export function failureNotice(
  t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema | undefined, kind: keyof typeof FAILED, error: HttpError | undefined, record?: Record<string, unknown>,
): OpenNotificationParams {
  const what = [t(`${descriptor.name}.titles.one`), recordLabel(descriptor, record)].filter(Boolean).join(' ');
  const reason = failureReason(t, descriptor, entity, { errCode: Number(error?.statusCode ?? 0), message: error?.message ?? '' });
  return { type: 'error', message: t(FAILED[kind], { what }), description: reason };
}

/**
 * A row action done, in words: `<resource>.actionDone.<action>` ("Account {{label}} locked"), else
 * the action's label followed by the record.
 */
export function actionDoneText(t: Translate, descriptor: ResourceDescriptor, action: string, record: Record<string, unknown>): string {
  const label = recordLabel(descriptor, record) || String(record[descriptor.idField] ?? '');
  const what = t(`${descriptor.name}.titles.one`);
  const key = `${descriptor.name}.actionDone.${action}`;
  const own = t(key, { what, label });
  return own !== key ? own : t('notifications.actionDone', { action: t(`${descriptor.name}.actions.${action}`), what, label });
}
