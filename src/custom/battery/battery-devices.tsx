// The batteries of one plant, under its row of the battery list: the devices of the site layout
// (getPlantSiteLayoutData) that report a state of charge. Their `power` is left out on purpose:
// it is the device's headline power (AC output for a hybrid inverter), not the battery's.
import { useCallback } from 'react';
import { Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatDateTime, withZone } from '@/lib/date-time';
import type { DataOf } from '@/api/contract-types';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { DeviceStatusTag } from '@/custom/plant/components/device-status-tag';
import { BatteryPicture } from './battery-picture';
import { formatSoc } from './level-band';
import { batteryDetailPath } from './paths';

type Device = DataOf<'getPlantSiteLayoutData'>['devices'][number];

const hasBattery = (d: Device) => d.batterySoc !== null && d.batterySoc !== undefined;

/** `timeZone`: the plant's, in which the last reports are shown. */
export function BatteryDevices({ plantUid, timeZone }: { plantUid: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const load = useLoad(useCallback(() => call('getPlantSiteLayoutData', { query: { plantUid }, silent: true }), [plantUid]));
  return (
    <CardState load={load} testId={`battery-devices-${plantUid}`} isEmpty={(d) => !d.devices.some(hasBattery)} emptyText={t('battery.list.noDevices')}>
      {(d) => (
        <Table<Device> size="small" rowKey="deviceSn" pagination={false} dataSource={d.devices.filter(hasBattery)} columns={[
          // An offline device's last reading is not its level now: the picture goes grey.
          { key: 'picture', width: 48, render: (_: unknown, r) => <BatteryPicture soc={r.status === 3 ? null : r.batterySoc} size={24} /> },
          { key: 'deviceSn', dataIndex: 'deviceSn', title: t('plant.devices.sn'),
            render: (sn: string) => <Link to={batteryDetailPath({ plantUid, deviceSn: sn })}>{sn}</Link> },
          { key: 'alias', dataIndex: 'alias', title: t('plant.devices.alias'), render: (v: string | null) => v ?? '–' },
          { key: 'deviceType', dataIndex: 'deviceType', title: t('plant.devices.type'), render: (v: number) => t(`scannedDevice.enums.snType.${v}`) },
          { key: 'status', dataIndex: 'status', title: t('deviceModule.fields.status'),
            render: (v: 1 | 2 | 3) => <DeviceStatusTag status={v} /> },
          { key: 'batterySoc', dataIndex: 'batterySoc', title: t('battery.fields.soc'), align: 'right', render: (v: number | null) => formatSoc(v) },
          { key: 'lastReportTime', dataIndex: 'lastReportTime', title: withZone(t('deviceModule.fields.lastReportTime'), timeZone),
            render: (v: string | null) => formatDateTime(v, { lang: i18n.language, timeZone }) },
        ]} />
      )}
    </CardState>
  );
}
