// The plants the user can see (getPlantList): filters, sorting, paging, favourites and pins;
// pinned plants come first (the server orders them so).
import { useState } from 'react';
import { App, Button, Form, Input, Select, Space, Table, Tooltip } from 'antd';
import { PushpinFilled, PushpinOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { QueryOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { useAccess } from '@/custom/shell/permission';
import { plantColumns, type PlantRow } from './plant-columns';
import { usePage } from './use-page';

type Query = Omit<QueryOf<'getPlantList'>, 'pageNo' | 'pageSize'>;

export function AllPlantsTable() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [query, setQuery] = useState<Query>({});
  const { page, loading, reload, pagination } = usePage((q) => call('getPlantList', { query: q }), query);

  const toggle = async (row: PlantRow, kind: 'favorite' | 'top') => {
    const on = kind === 'favorite' ? row.isFavorite === 1 : row.isTop === 1;
    const operation = kind === 'favorite' ? (on ? 'deleteFavoritePlant' : 'addFavoritePlant') : (on ? 'deletePlantTopRecord' : 'addPlantTopRecord');
    try {
      await call(operation, { body: { plantUid: row.plantUid! }, silent: true });
      reload();
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    }
  };

  // A read-only session keeps no marks (the server refuses its writes): no buttons to press.
  const { readOnly } = useAccess();
  const columns = [
    ...plantColumns(t, true),
    ...readOnly ? [] : [{
      key: 'marks', title: t('common.actions.title'),
      render: (_: unknown, row: PlantRow) => (
        <Space>
          <Tooltip title={t(row.isFavorite === 1 ? 'plant.unfavourite' : 'plant.favourite')}>
            <Button type="text" size="small" aria-label={t(row.isFavorite === 1 ? 'plant.unfavourite' : 'plant.favourite')} data-testid="favourite"
              icon={row.isFavorite === 1 ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />} onClick={() => void toggle(row, 'favorite')} />
          </Tooltip>
          <Tooltip title={t(row.isTop === 1 ? 'plant.unpin' : 'plant.pin')}>
            <Button type="text" size="small" aria-label={t(row.isTop === 1 ? 'plant.unpin' : 'plant.pin')} data-testid="pin"
              icon={row.isTop === 1 ? <PushpinFilled /> : <PushpinOutlined />} onClick={() => void toggle(row, 'top')} />
          </Tooltip>
        </Space>
      ),
    }],
  ];

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} data-testid="plant-filters"
        onFinish={(values: Query) => setQuery(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')))}>
        <Form.Item name="plantName" label={t('plant.filters.keyword')}><Input allowClear maxLength={100} /></Form.Item>
        <Form.Item name="status" label={t('plant.fields.status')}>
          <Select allowClear style={{ minWidth: 140 }} options={[0, 1, 2, 3].map((v) => ({ value: v, label: t(`plant.enums.status.${v}`) }))} />
        </Form.Item>
        <Form.Item name="type" label={t('plant.fields.type')}>
          <Select allowClear style={{ minWidth: 160 }} options={[0, 1, 3].map((v) => ({ value: v, label: t(v === 0 ? 'plant.typeLabels.pv' : v === 1 ? 'plant.typeLabels.storage' : 'plant.typeLabels.commercial') }))} />
        </Form.Item>
        <Form.Item name="isFavorite" label={t('plant.filters.favourites')}>
          <Select allowClear style={{ minWidth: 120 }} options={[{ value: 1, label: t('plant.filters.onlyFavourites') }]} />
        </Form.Item>
        <Form.Item><Button type="primary" htmlType="submit">{t('common.search')}</Button></Form.Item>
      </Form>
      <Table<PlantRow>
        rowKey="plantUid"
        loading={loading}
        dataSource={page.list}
        columns={columns}
        pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }}
        onChange={(_, __, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = one?.order ? (one.columnKey as Query['sortField']) : undefined;
          setQuery((q) => ({ ...q, sortField: field, sortOrder: one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : undefined }));
        }}
        data-testid="plant-table"
      />
    </>
  );
}
