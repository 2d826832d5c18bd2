// Plants other users shared with the caller (getUserSharePlantList), with who shared them and
// the way to leave a share (deletePlantShare).
import { useState } from 'react';
import { App, Button, Input, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { useAccess } from '@/custom/shell/permission';
import { plantColumns } from './plant-columns';
import { usePage } from './use-page';

type Row = DataOf<'getUserSharePlantList'>['list'][number];

export function SharedPlantsTable() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [plantName, setPlantName] = useState<string>();
  const { page, loading, reload, pagination } = usePage((q) => call('getUserSharePlantList', { query: q }), { plantName });

  const leave = async (row: Row) => {
    try {
      await call('deletePlantShare', { body: { plantUid: row.plantUid! }, silent: true });
      reload();
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    }
  };

  const { readOnly } = useAccess();
  const columns = [
    ...plantColumns(t, false).filter((c) => c.key !== 'installer'),
    { key: 'sharerName', title: t('plantVisitor.fields.sharerName'), dataIndex: 'sharerName' },
    ...readOnly ? [] : [{ key: 'actions', title: t('common.actions.title'), render: (_: unknown, row: Row) => (
      <Popconfirm title={t('plant.leaveShareConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => leave(row)}>
        <Button size="small" danger>{t('plant.leaveShare')}</Button>
      </Popconfirm>
    ) }],
  ];
  return (
    <>
      <Input.Search allowClear style={{ maxWidth: 320, marginBottom: 16 }} placeholder={t('plant.fields.plantName')} onSearch={(v) => setPlantName(v || undefined)} />
      <Table<Row> rowKey="plantUid" loading={loading} dataSource={page.list} columns={columns as never}
        pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }} data-testid="shared-plant-table" />
    </>
  );
}
