// The generated detail screen: the descriptor's fields (pictures as pictures), then each child
// resource as a table with its own create and edit forms.
import { Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Descriptions, Image, Space } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEntity } from '../components/use-entity';
import { displayValue, fieldLabel } from '../schema-utils';
import { ChildTable } from '../components/child-table';
import { RecordMissing } from '../components/record-missing';
import { columnSpec } from '../components/columns';
import { holdsPictures, pictureUrls } from '../pictures';

export default function ResourceShow({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { descriptor, entity } = useEntity(resource);
  const { query } = useShow({ resource, id });
  const record = query?.data?.data as Record<string, unknown> | undefined;
  const missing = Boolean(query?.isError);
  const fields = descriptor.show?.fields ?? descriptor.list.columns.map((c) => columnSpec(c).field);
  return (
    <Show resource={resource} recordItemId={id} title={t(`${resource}.titles.show`)} isLoading={query?.isLoading}
      {...(missing ? { headerButtons: () => null } : {})}>
      {missing && <RecordMissing descriptor={descriptor} id={id} />}
      {entity && record && (
        <>
          <Descriptions bordered column={{ xs: 1, md: 2 }} size="small" data-testid="resource-show">
            {fields.map((field) => (
              <Descriptions.Item key={field} label={fieldLabel(t, descriptor, field, entity.properties[field])}>
                {holdsPictures(descriptor, field) ? (
                  <Image.PreviewGroup>
                    <Space wrap>{pictureUrls(record[field]).map((src, i) => <Image key={`${src}-${i}`} src={src} width={72} height={72} style={{ objectFit: 'cover' }} />)}</Space>
                  </Image.PreviewGroup>
                ) : displayValue(t, descriptor, field, entity.properties[field], record[field])}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {(descriptor.show?.children ?? []).map((child) => (
            <ChildTable key={child.resource} resource={child.resource} foreignKey={child.foreignKey} parentId={record[descriptor.idField]} />
          ))}
        </>
      )}
    </Show>
  );
}
