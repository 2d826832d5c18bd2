// Plants of end users in the caller's organisations (getEndUserPlantList), searched by plant or
// owner; the agent mode of the wizard starts from here.
import { useState } from 'react';
import { Button, Input, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { plantColumns, type PlantRow } from './plant-columns';
import { usePage } from './use-page';
import { Permission } from '@/custom/shell/permission';
import { agentWizardPath } from '../paths';

export function EndUserPlantsTable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState<string>();
  const { page, loading, pagination } = usePage((q) => call('getEndUserPlantList', { query: q }), { keyword });
  return (
    <>
      <Input.Search allowClear style={{ maxWidth: 320, marginBottom: 16 }} placeholder={t('plant.filters.endUserKeyword')} onSearch={(v) => setKeyword(v || undefined)} />
      <Table<PlantRow> rowKey="plantUid" loading={loading} dataSource={page.list} columns={[
        ...plantColumns(t, false),
        { key: 'ownerEmail', title: t('plant.fields.ownerEmail'), dataIndex: 'ownerEmail' },
        { key: 'actions', title: t('common.actions.title'), render: (_: unknown, row: PlantRow) => row.endUserId && (
          <Permission anyOf="site:add">
            <Button size="small" onClick={() => navigate(agentWizardPath(row.endUserId!, row.officeId))}>{t('plant.addForOwner')}</Button>
          </Permission>
        ) },
      ]} pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }} data-testid="end-user-plant-table" />
    </>
  );
}
