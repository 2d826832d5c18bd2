// What the show and edit screens say of a record that is not there (deleted, mistyped, or outside
// the caller's organisations: the server answers the same), instead of an empty card that still
// offers Edit and Delete.
import { Button, Result } from 'antd';
import { useNavigation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ResourceDescriptor } from '../types';

export function RecordMissing({ descriptor, id }: { descriptor: ResourceDescriptor; id: string | undefined }) {
  const { t } = useTranslation();
  const { list } = useNavigation();
  return (
    <div data-testid="record-missing">
      <Result status="404"
        title={t('resource.notFound', { what: t(`${descriptor.name}.titles.one`), id })}
        subTitle={t('resource.notFoundHint')}
        extra={<Button type="primary" onClick={() => list(descriptor.name)}>{t('resource.backToList', { list: t(`${descriptor.name}.titles.list`) })}</Button>} />
    </div>
  );
}
