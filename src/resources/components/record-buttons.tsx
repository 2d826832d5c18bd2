// Show, edit and delete on a list row: icons with a tooltip, and an accessible name that says
// what they do to which record ("Edit: S6-3K", not "edit"), each offered only where the resource
// has the operation and is not read-only, and Edit only on the rows the descriptor's `editWhen` allows.
import type { BaseRecord, HttpError } from '@refinedev/core';
import { DeleteButton, EditButton, ShowButton } from '@refinedev/antd';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { holds } from '../action-conditions';
import { failureNotice, recordLabel, recordNotice } from '../notices';
import { useSelfId } from './row-actions';
import type { EntitySchema, ResourceDescriptor } from '../types';

/** Whether rows offer show, edit or delete. */
export const offersRecordButtons = (descriptor: ResourceDescriptor) =>
  Boolean(descriptor.operations.getOne || (!descriptor.readOnly && (descriptor.operations.update || descriptor.operations.delete)));

export function RecordButtons({ descriptor, entity, record }: { descriptor: ResourceDescriptor; entity: EntitySchema; record: BaseRecord }) {
  const { t } = useTranslation();
  const id = record[descriptor.idField] as string;
  const named = recordLabel(descriptor, record) || String(id);
  const common = { hideText: true, size: 'small' as const, resource: descriptor.name, recordItemId: id };
  const writable = !descriptor.readOnly;
  const selfId = useSelfId();
  return (
    <>
      {descriptor.operations.getOne && (
        <Tooltip title={t('common.actions.show')}>
          <ShowButton {...common} aria-label={`${t('common.actions.show')}: ${named}`} data-testid="row-show" />
        </Tooltip>
      )}
      {writable && descriptor.operations.update && holds(descriptor.editWhen, record, selfId) && (
        <Tooltip title={t('common.actions.edit')}>
          <EditButton {...common} aria-label={`${t('common.actions.edit')}: ${named}`} data-testid="row-edit" />
        </Tooltip>
      )}
      {writable && descriptor.operations.delete && (
        <Tooltip title={t('common.actions.delete')}>
          <DeleteButton {...common} aria-label={`${t('common.actions.delete')}: ${named}`} data-testid="row-delete"
            successNotification={recordNotice(t, descriptor, 'deleted', record)}
            errorNotification={(error) => failureNotice(t, descriptor, entity, 'deleted', error as HttpError, record)} />
        </Tooltip>
      )}
    </>
  );
}
