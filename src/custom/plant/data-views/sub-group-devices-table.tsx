// A sub-group's devices on its day (getSubGroupData): state and PV power now, PV energy that day.
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@/api/contract-types';
import { formatEnergy, formatPower } from '@/lib/units';
import { DeviceStatusTag } from '../components/device-status-tag';

type Device = DataOf<'getSubGroupData'>['devices'][number];

export function SubGroupDevicesTable({ devices }: { devices: Device[] }) {
  const { t } = useTranslation();
  return (
    <Table<Device> rowKey="deviceSn" dataSource={devices} pagination={false} size="small" data-testid="view-devices" columns={[
      { key: 'deviceSn', dataIndex: 'deviceSn', title: t('plant.devices.sn') },
      { key: 'alias', dataIndex: 'alias', title: t('plant.devices.alias'), render: (v: string | null | undefined) => v ?? '–' },
      { key: 'status', dataIndex: 'status', title: t('deviceModule.fields.status'), render: (v: 1 | 2 | 3) => <DeviceStatusTag status={v} /> },
      { key: 'pvPower', dataIndex: 'pvPower', title: t('plant.views.fields.pvPower'), align: 'right',
        render: (v: number | null | undefined) => (typeof v === 'number' ? formatPower(v) : '–') },
      { key: 'pvEnergy', dataIndex: 'pvEnergy', title: t('plant.views.fields.pvEnergy'), align: 'right', render: (v: number) => formatEnergy(v) },
    ]} />
  );
}
