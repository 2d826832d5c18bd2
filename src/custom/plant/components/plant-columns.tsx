// Columns every plant list shares: name (opening the detail), status, capacity, current power,
// today's energy, owner and installer.
import type { TableColumnsType } from 'antd';
import { Badge } from 'antd';
import { Link } from 'react-router';
import type { DataOf } from '@/api/contract-types';
import { plantPath } from '../paths';

export type PlantRow = DataOf<'getPlantList'>['list'][number];
type T = (key: string, options?: Record<string, unknown>) => string;

const STATUS_BADGE: Record<number, 'default' | 'success' | 'error' | 'warning'> = { 0: 'default', 1: 'success', 2: 'error', 3: 'warning' };
const number = (value: number | undefined, digits = 2) => (value === undefined ? '-' : String(Math.round(value * 10 ** digits) / 10 ** digits));

export function plantColumns(t: T, sortable: boolean): TableColumnsType<PlantRow> {
  const sort = (key: string) => (sortable ? { sorter: true, key } : { key });
  return [
    { ...sort('plantName'), title: t('plant.fields.plantName'), dataIndex: 'plantName',
      render: (name: string, row) => <Link to={plantPath(row.plantUid!)} data-testid="plant-link">{name}</Link> },
    // nowrap: in a narrow column the label wrapped below its dot, which then sat on the line above.
    { key: 'status', title: t('plant.fields.status'), dataIndex: 'status',
      render: (status: number | undefined) => status === undefined ? '-'
        : <Badge status={STATUS_BADGE[status]} text={t(`plant.enums.status.${status}`)} style={{ whiteSpace: 'nowrap' }} data-testid="plant-status" /> },
    { ...sort('systemPower'), title: t('plant.columns.capacity'), dataIndex: 'systemPower', align: 'right', render: (v: number) => number(v) },
    { ...sort('currentPower'), title: t('plant.columns.currentPower'), dataIndex: 'currentPower', align: 'right', render: (v?: number) => number(v) },
    { ...sort('todayEnergy'), title: t('plant.columns.todayEnergy'), dataIndex: 'todayEnergy', align: 'right', render: (v?: number) => number(v) },
    { key: 'ownerName', title: t('plant.fields.ownerName'), dataIndex: 'ownerName' },
    { key: 'installer', title: t('plant.columns.installer'), render: (_: unknown, row) => row.installerOfficeName ?? row.officeName ?? '-' },
  ];
}
