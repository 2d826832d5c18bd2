// The plant's sub-groups in their display order (the server sorts them), each with its device
// count, PV power now and PV energy today; a name opens the sub-group's day. Edit and delete are
// offered only to callers who may edit the plant.
import { Button, Space, Table, theme } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatEnergy, formatPower } from '@/lib/units';
import type { SubGroup } from './use-data-views';

interface Props {
  subGroups: SubGroup[];
  selected: number | undefined;
  onSelect(subGroupId: number): void;
  /** Absent for a caller who may not change the sub-groups: no actions column then. */
  actions?: { onEdit(group: SubGroup): void; onDelete(group: SubGroup): void } | undefined;
}

export function SubGroupsTable({ subGroups, selected, onSelect, actions }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Table<SubGroup> rowKey="subGroupId" dataSource={subGroups} pagination={false} size="middle" data-testid="views-table"
      onRow={(group) => ({ style: group.subGroupId === selected ? { background: token.controlItemBgActive } : undefined })}
      columns={[
        { key: 'subGroupName', dataIndex: 'subGroupName', title: t('plant.views.fields.subGroupName'),
          render: (name: string, group) => (
            <Button type="link" style={{ padding: 0 }} onClick={() => onSelect(group.subGroupId)} aria-current={group.subGroupId === selected || undefined} data-testid="view-open">{name}</Button>
          ) },
        { key: 'devices', title: t('plant.views.fields.deviceCount'), align: 'right', render: (_: unknown, group) => group.deviceSns.length },
        { key: 'pvPower', dataIndex: 'pvPower', title: t('plant.views.fields.pvPower'), align: 'right',
          render: (v: number | null | undefined) => (typeof v === 'number' ? formatPower(v) : '–') },
        { key: 'todayPvEnergy', dataIndex: 'todayPvEnergy', title: t('plant.views.fields.todayPvEnergy'), align: 'right',
          render: (v: number | null | undefined) => (typeof v === 'number' ? formatEnergy(v) : '–') },
        ...(actions ? [{ key: 'actions', title: t('common.actions.title'), render: (_: unknown, group: SubGroup) => (
          <Space>
            <Button size="small" icon={<EditOutlined />} onClick={() => actions.onEdit(group)} data-testid="view-edit">{t('common.actions.edit')}</Button>
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => actions.onDelete(group)} data-testid="view-delete">{t('common.actions.delete')}</Button>
          </Space>
        ) }] : []),
      ]} />
  );
}
