// Every device of the plant (getPlantSiteLayoutData), children under their parent, with its
// live values: status, headline power, battery level and today's energy; a serial opens its data.
import { useEffect, useState } from 'react';
import { Alert, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatEnergy, formatPower } from '@/lib/units';
import { formatDateTime, withZone } from '@/lib/date-time';
import { plantPath } from '../paths';
import { DeviceStatusTag } from './device-status-tag';

type Device = DataOf<'getPlantSiteLayoutData'>['devices'][number];
type Row = Device & { children?: Row[] };

/** Children sit under their parent, as the site is wired. */
function nest(devices: Device[]): Row[] {
  const bySn = new Map<string, Row>(devices.map((d) => [d.deviceSn, { ...d }]));
  const roots: Row[] = [];
  for (const row of bySn.values()) {
    const parent = row.parentSn ? bySn.get(row.parentSn) : undefined;
    if (parent) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  return roots;
}

/** `timeZone`: the plant's, in which the last reports are shown (as the device data tab shows them). */
export function DevicesTab({ plantUid, timeZone }: { plantUid: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<Row[]>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    call('getPlantSiteLayoutData', { query: { plantUid }, silent: true }).then((data) => setRows(nest(data.devices)), setError);
  }, [plantUid]);
  return (
    <>
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} style={{ marginBottom: 16 }} />}
      <Table<Row> rowKey="deviceSn" loading={rows === undefined && error === undefined} dataSource={rows} pagination={false} data-testid="plant-devices"
        expandable={{ defaultExpandAllRows: true }} columns={[
          // The serial opens the device's stored data (the data tab).
          { key: 'deviceSn', dataIndex: 'deviceSn', title: t('plant.devices.sn'),
            render: (sn: string) => <Link to={`${plantPath(plantUid, 'data')}&deviceSn=${encodeURIComponent(sn)}`}>{sn}</Link> },
          { key: 'deviceType', dataIndex: 'deviceType', title: t('plant.devices.type'), render: (v: number) => t(`scannedDevice.enums.snType.${v}`) },
          { key: 'modelCode', dataIndex: 'modelCode', title: t('deviceModule.fields.modelCode') },
          { key: 'alias', dataIndex: 'alias', title: t('plant.devices.alias') },
          { key: 'status', dataIndex: 'status', title: t('deviceModule.fields.status'),
            render: (v: 1 | 2 | 3) => <DeviceStatusTag status={v} /> },
          { key: 'power', dataIndex: 'power', title: t('plant.devices.power'), align: 'right', render: (v: number | null) => (v === null || v === undefined ? '–' : formatPower(v)) },
          { key: 'batterySoc', dataIndex: 'batterySoc', title: t('plant.devices.soc'), align: 'right', render: (v: number | null) => (v === null || v === undefined ? '–' : `${v} %`) },
          { key: 'todayEnergy', dataIndex: 'todayEnergy', title: t('plant.devices.today'), align: 'right', render: (v: number | null) => (v === null || v === undefined ? '–' : formatEnergy(v)) },
          { key: 'lastReportTime', dataIndex: 'lastReportTime', title: withZone(t('deviceModule.fields.lastReportTime'), timeZone),
            render: (v: string | null) => <span data-testid="device-last-report">{formatDateTime(v, { lang: i18n.language, timeZone })}</span> },
        ]} />
    </>
  );
}
