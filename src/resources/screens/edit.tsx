import { Edit } from '@refinedev/antd';
import { useForm } from '@refinedev/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEntity } from '../components/use-entity';
import { SchemaForm } from '../components/schema-form';
import { failureNotice, recordNotice, submittedValues as submitted } from '../notices';
import { RecordMissing } from '../components/record-missing';
import { useCloseOwnTab } from '@/custom/shell/layout/close-tab';

export default function ResourceEdit({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { descriptor, entity } = useEntity(resource);
  // Done once saved: opened again, the form shows the record as stored, not this one kept in its tab.
  const closeOwnTab = useCloseOwnTab();
  const { onFinish, formLoading, query } = useForm({
    resource, action: 'edit', id, redirect: 'list',
    onMutationSuccess: () => closeOwnTab(),
    successNotification: (_data, params) => recordNotice(t, descriptor, 'saved', { ...record, ...submitted(params) }),
    errorNotification: (error, params) => failureNotice(t, descriptor, entity, 'saved', error, { ...record, ...submitted(params) }),
  });
  const record = query?.data?.data as Record<string, unknown> | undefined;
  const missing = Boolean(query?.isError);
  return (
    <Edit resource={resource} recordItemId={id} title={t(`${resource}.titles.edit`)} footerButtons={() => null} saveButtonProps={{ hidden: true }}
      {...(missing ? { headerButtons: () => null } : {})}>
      {missing && <RecordMissing descriptor={descriptor} id={id} />}
      {entity && record && (
        <SchemaForm key={String(record[descriptor.idField])} descriptor={descriptor} entity={entity} record={record}
          submitting={formLoading} submitText={t('common.save')} onSubmit={onFinish} />
      )}
    </Edit>
  );
}
