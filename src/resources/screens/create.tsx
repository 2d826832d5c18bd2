// The generated create screen. With `create.resultDialog` the answer's once-only values are shown
// in a dialog before going back to the list.
import { useState } from 'react';
import { Create } from '@refinedev/antd';
import { useForm, useNavigation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useEntity } from '../components/use-entity';
import { SchemaForm } from '../components/schema-form';
import { ResultDialog } from '../components/result-dialog';
import { failureNotice, recordNotice } from '../notices';
import { useCloseOwnTab } from '@/custom/shell/layout/close-tab';

export default function ResourceCreate({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { descriptor, entity } = useEntity(resource);
  const { list } = useNavigation();
  const [created, setCreated] = useState<Record<string, unknown>>();
  const withResult = Boolean(descriptor.create?.resultDialog);
  // Done once saved: the next create starts from an empty form, not this one kept in its tab.
  const closeOwnTab = useCloseOwnTab();
  const { onFinish, formLoading } = useForm({
    resource,
    action: 'create',
    redirect: withResult ? false : 'list',
    successNotification: (data, values) => recordNotice(t, descriptor, 'created', { ...(values as object), ...(data?.data as object) }),
    errorNotification: (error, values) => failureNotice(t, descriptor, entity, 'created', error, values as Record<string, unknown>),
    onMutationSuccess: ({ data }) => {
      if (withResult) setCreated(data as Record<string, unknown>);
      else closeOwnTab();
    },
  });
  return (
    <Create resource={resource} title={t(`${resource}.titles.create`)} footerButtons={() => null} saveButtonProps={{ hidden: true }}>
      {entity && <SchemaForm descriptor={descriptor} entity={entity} submitting={formLoading} submitText={t('common.save')} onSubmit={onFinish} />}
      <ResultDialog descriptor={descriptor} record={created} onClose={() => {
        closeOwnTab();
        list(resource);
      }} />
    </Create>
  );
}
