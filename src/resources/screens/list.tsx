// The generated list screen: server-side paging (or browser-side for unpaged operations) and
// filters, the list's figures for those filters, columns from the descriptor with a column-settings toggle, show/edit/delete and the
// descriptor's own actions per row and over selected rows, and the export, each offered only with
// its permission.
import { useState } from 'react';
import { List, useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { useNavigation } from '@refinedev/core';
import { Button, Checkbox, Popover, Space, Table } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useEntity } from '../components/use-entity';
import { FilterBar } from '../components/filter-bar';
import { columnSpec, schemaColumns } from '../components/columns';
import { ExportButton } from '../components/export-button';
import { ListSummary } from '../components/list-summary';
import { BulkActions, hasBulkActions, hasRowActions, RowActions, ToolbarActions } from '../components/row-actions';
import { offersRecordButtons, RecordButtons } from '../components/record-buttons';
import { fieldLabel } from '../schema-utils';
import { preferredPageSize } from '@/providers/display-settings';
import { usePaginationBar } from '@/custom/shell/widgets/pagination';

export default function ResourceList({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { descriptor, entity } = useEntity(resource);
  const { showUrl } = useNavigation();
  const clientSide = descriptor.list.paged === false;
  const { tableProps, filters, setFilters, sorters } = useTable({
    resource, syncWithLocation: true, pagination: { pageSize: preferredPageSize(), mode: clientSide ? 'client' : 'server' },
  });
  const paginationBar = usePaginationBar();
  const specs = descriptor.list.columns.map(columnSpec);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(specs.filter((s) => s.hidden).map((s) => s.field)));
  const [selected, setSelected] = useState<BaseRecord[]>([]);
  if (!entity) return null;
  const id = descriptor.idField;
  const rowActions = offersRecordButtons(descriptor) || hasRowActions(descriptor);
  const columns = [
    ...schemaColumns(t, descriptor, entity, { hidden, clientSide, showUrl: (other, otherId) => (otherId === undefined || otherId === null ? undefined : showUrl(other, String(otherId))) }),
    ...(rowActions ? [{
      key: 'actions',
      title: t('common.actions.title'),
      fixed: 'right' as const,
      onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
      render: (_: unknown, record: BaseRecord) => (
        <Space size={4}>
          <RecordButtons descriptor={descriptor} entity={entity} record={record} />
          <RowActions descriptor={descriptor} record={record} />
        </Space>
      ),
    }] : []),
  ];
  const settings = (
    <Space direction="vertical" data-testid="column-settings">
      {specs.map((s) => (
        <Checkbox key={s.field} checked={!hidden.has(s.field)}
          onChange={(e) => setHidden((now) => {
            const next = new Set(now);
            if (e.target.checked) next.delete(s.field);
            else next.add(s.field);
            return next;
          })}>
          {fieldLabel(t, descriptor, s.field, entity.properties[s.field])}
        </Checkbox>
      ))}
    </Space>
  );
  return (
    <List resource={resource} title={t(`${resource}.titles.list`)}
      headerButtons={({ defaultButtons }) => (
        <>
          {!descriptor.readOnly && defaultButtons}
          <ToolbarActions descriptor={descriptor} />
          <ExportButton descriptor={descriptor} filters={filters} sorters={sorters} />
          <Popover trigger="click" placement="bottomRight" content={settings} title={t('resource.columns')}>
            <Button icon={<SettingOutlined />} aria-label={t('resource.columns')} data-testid="column-settings-button" />
          </Popover>
        </>
      )}>
      <FilterBar descriptor={descriptor} entity={entity} current={filters} onSearch={(next) => setFilters(next, 'replace')} />
      <ListSummary descriptor={descriptor} filters={filters} rows={tableProps.dataSource} />
      {hasBulkActions(descriptor) && (
        <Space style={{ marginBottom: 12 }}>
          <span>{t('resource.selected', { count: selected.length })}</span>
          <BulkActions descriptor={descriptor} selected={selected} onDone={() => setSelected([])} />
        </Space>
      )}
      <Table
        {...tableProps}
        rowKey={id}
        {...(hasBulkActions(descriptor) ? {
          rowSelection: { selectedRowKeys: selected.map((r) => r[id] as string), onChange: (_keys: React.Key[], rows: BaseRecord[]) => setSelected(rows), preserveSelectedRowKeys: true },
        } : {})}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={tableProps.pagination === false ? false : paginationBar(tableProps.pagination)}
        data-testid="resource-table"
      />
    </List>
  );
}
