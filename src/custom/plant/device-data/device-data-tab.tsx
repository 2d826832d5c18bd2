// The plant's device data (001 "Monitoring", the PV meter data page): one device of the site
// (getPlantSiteLayoutData), a range of at most 31 days in the plant's calendar, the stored records
// (measurements-table.tsx) and their export as XLSX or CSV (exportPvMeterList) with its progress.
// The device is kept in ?deviceSn=, so the devices tab and a shared link can open it. Below, the
// device's remote-setting changes (who changed which setting from what to what), for those who
// may see them.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call, download } from '@/api/client';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';
import { todayIn } from '@/custom/monitoring/period';
import { ExportButtons, useFileExport } from '@/custom/monitoring/file-export';
import { SettingLog } from '@/custom/remote-config/components/setting-log';
import { Permission } from '@/custom/shell/permission';
import { NotYet } from '../components/not-yet';
import { MeasurementsTable, type Range } from './measurements-table';

/** The contract's limit on a range: at most 31 days (the first day and 30 more). */
const MAX_SPAN_DAYS = 30;
const DAY = 'YYYY-MM-DD';

export function DeviceDataTab({ plantUid, timeZone }: { plantUid: string; timeZone?: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const [range, setRange] = useState<Range>({ queryStartDate: today, queryEndDate: today });
  const devices = useLoad(useCallback(() => call('getPlantSiteLayoutData', { query: { plantUid }, silent: true }), [plantUid]));
  const chosen = params.get('deviceSn');
  const list = devices.data?.devices ?? [];
  const deviceSn = list.find((d) => d.deviceSn === chosen)?.deviceSn ?? list[0]?.deviceSn;
  const exporter = useFileExport((format, onDownloadProgress) =>
    download('exportPvMeterList', { query: { deviceSn: deviceSn!, ...range, format }, silent: true, onDownloadProgress }));
  const choose = (sn: string) => setParams((p) => {
    p.set('deviceSn', sn);
    return p;
  }, { replace: true });

  return (
    <CardState load={devices} testId="pv-devices" isEmpty={(d) => d.devices.length === 0} emptyText={t('pvData.noDevices')}>
      {() => (
        <>
          <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
            <Space wrap>
              <Select value={deviceSn} onChange={choose} style={{ minWidth: 260 }} aria-label={t('pvData.device')} data-testid="pv-device"
                options={list.map((d) => ({ value: d.deviceSn, label: `${d.alias ? `${d.alias} · ` : ''}${d.deviceSn} (${t(`scannedDevice.enums.snType.${d.deviceType}`)})` }))} />
              <DatePicker.RangePicker allowClear={false} value={[dayjs(range.queryStartDate), dayjs(range.queryEndDate)]} aria-label={t('pvData.range')}
                data-testid="pv-range"
                disabledDate={(d, info) => d.format(DAY) > today || (info.from !== undefined && Math.abs(d.diff(info.from, 'day')) > MAX_SPAN_DAYS)}
                onChange={(dates) => {
                  const [start, end] = dates ?? [];
                  if (start && end) setRange({ queryStartDate: start.format(DAY), queryEndDate: end.format(DAY) });
                }} />
            </Space>
            <ExportButtons exporter={exporter} disabled={!deviceSn} testId="pv-export" />
          </Space>
          {exporter.notYet && <NotYet text={t('pvData.export.notYet')} testId="pv-export-not-yet" />}
          {deviceSn && <MeasurementsTable key={deviceSn} deviceSn={deviceSn} range={range} timeZone={timeZone} />}
          {deviceSn && <Permission anyOf="monitor:remoteConfig:list"><SettingLog key={deviceSn} deviceSn={deviceSn} timeZone={timeZone} /></Permission>}
        </>
      )}
    </CardState>
  );
}
