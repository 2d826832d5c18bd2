// The generated list screen: server-side paging (or browser-side for unpaged operations) and
// filters, columns from the descriptor, show/edit/delete per row and the export, each hidden
// without its permission.
import { List, useTable, ShowButton, EditButton, DeleteButton } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEntity } from '../components/use-entity';
import { FilterBar } from '../components/filter-bar';
import { schemaColumns } from '../components/columns';
import { ExportButton } from '../components/export-button';

export default function ResourceList({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { descriptor, entity } = useEntity(resource);
  const { tableProps, filters, setFilters } = useTable({
    resource, syncWithLocation: true, pagination: { pageSize: 10, mode: descriptor.list.paged === false ? 'client' : 'server' },
  });
  if (!entity) return null;
  const id = descriptor.idField;
  const rowActions = Boolean(descriptor.operations.getOne || descriptor.operations.update || descriptor.operations.delete);
  const columns = [
    ...schemaColumns(t, descriptor, entity),
    ...(rowActions ? [{
      key: 'actions',
      title: t('common.actions.title'),
      render: (_: unknown, record: BaseRecord) => (
        <Space>
          {descriptor.operations.getOne && <ShowButton hideText size="small" resource={resource} recordItemId={record[id] as string} />}
          {descriptor.operations.update && <EditButton hideText size="small" resource={resource} recordItemId={record[id] as string} />}
          {descriptor.operations.delete && <DeleteButton hideText size="small" resource={resource} recordItemId={record[id] as string} />}
        </Space>
      ),
    }] : []),
  ];
  return (
    <List resource={resource} title={t(`${resource}.titles.list`)}
      headerButtons={({ defaultButtons }) => <>{defaultButtons}<ExportButton descriptor={descriptor} filters={filters} /></>}>
      <FilterBar descriptor={descriptor} entity={entity} onSearch={(filters) => setFilters(filters, 'replace')} />
      <Table
        {...tableProps}
        rowKey={id}
        columns={columns}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], showQuickJumper: true, showTotal: (total) => t('common.total', { total }) }}
        data-testid="resource-table"
      />
    </List>
  );
}
