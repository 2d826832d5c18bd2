import { Create } from '@refinedev/antd';
import { useForm } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useEntity } from '../components/use-entity';
import { SchemaForm } from '../components/schema-form';

export default function ResourceCreate({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { descriptor, entity } = useEntity(resource);
  const { onFinish, formLoading } = useForm({ resource, action: 'create', redirect: 'list' });
  return (
    <Create resource={resource} title={t(`${resource}.titles.create`)} footerButtons={() => null} saveButtonProps={{ hidden: true }}>
      {entity && <SchemaForm descriptor={descriptor} entity={entity} submitting={formLoading} submitText={t('common.save')} onSubmit={onFinish} />}
    </Create>
  );
}
