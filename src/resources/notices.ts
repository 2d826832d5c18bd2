// Success toasts that speak of the record ("Model code S6-3K created"), not of the resource's
// internal name; a record without a label field is named by its kind alone.
import type { OpenNotificationParams } from '@refinedev/core';
import type { Translate } from './schema-utils';
import type { ResourceDescriptor } from './types';

const KEYS = {
  created: ['notifications.recordCreated', 'notifications.createSuccess'],
  saved: ['notifications.recordSaved', 'notifications.editSuccess'],
  deleted: ['notifications.recordDeleted', 'notifications.deleteSuccess'],
} as const;

export function recordNotice(t: Translate, descriptor: ResourceDescriptor, kind: keyof typeof KEYS, record?: Record<string, unknown>): OpenNotificationParams {
  const what = t(`${descriptor.name}.titles.one`);
  const label = descriptor.labelField ? record?.[descriptor.labelField] : undefined;
  const [withLabel, without] = KEYS[kind];
  const message = label !== undefined && label !== null && label !== '' ? t(withLabel, { what, label: String(label) }) : t(without, { resource: what });
  return { type: 'success', message };
}
