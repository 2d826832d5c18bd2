// The alarm centre (menu Alarms; 001 page areas "alarm monitor" and "statistics by alarm"): the
// level counts for the filters, the filters, the list with Close and Manual close, an alarm's
// detail with its history, and the export of the filtered list with its progress. A live alarm
// event reads the counts, the list and an open detail again.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call, download } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { useFileExport } from '@/custom/monitoring/file-export';
import { usePage } from '@/custom/plant/components/use-page';
import { useAlarmVersion } from '@/custom/shell/live-alarms';
import { AlarmDetailDrawer } from './alarm-detail-drawer';
import { AlarmFilterBar } from './alarm-filters';
import { exportQuery, levelCountBody, listBody, type AlarmFilters } from './alarm-query';
import { AlarmTable, type Alarm } from './alarm-table';
import { LevelCounts } from './level-counts';
import { ManualCloseDialog } from './manual-close-dialog';

export default function AlarmCentrePage() {
  const { t, i18n } = useTranslation();
  const live = useAlarmVersion();
  const [filters, setFilters] = useState<AlarmFilters>({});
  // Bumped by this page's own closes; the live count covers everyone else's changes.
  const [own, setOwn] = useState(0);
  const reread = live + own;
  const changed = useCallback(() => setOwn((v) => v + 1), []);
  const [opened, setOpened] = useState<number>();
  const [closing, setClosing] = useState<Alarm>();
  const [counts, setCounts] = useState<DataOf<'getAlarmLevelCountInState'>>();
  const [types, setTypes] = useState<DataOf<'listAlarmDeviceType'>>([]);

  const list = usePage(({ reread: _reread, pageNo, pageSize, ...rest }) => call('userAlarmPage', { query: { pageNo, pageSize }, body: listBody(rest), silent: true }),
    { ...filters, reread });
  useEffect(() => {
    let active = true;
    call('getAlarmLevelCountInState', { body: levelCountBody(filters), silent: true }).then((data) => active && setCounts(data), () => undefined);
    return () => {
      active = false;
    };
  }, [filters, reread]);
  useEffect(() => {
    let active = true;
    call('listAlarmDeviceType', { silent: true }).then((data) => active && setTypes(data), () => undefined);
    return () => {
      active = false;
    };
  }, [i18n.language]);
  const typeNames = useMemo(() => new Map(types.map((d) => [d.deviceType as number, d.deviceTypeName])), [types]);

  const exporter = useFileExport((_format, onDownloadProgress) => download('exportAlarmList', { query: exportQuery(filters), silent: true, onDownloadProgress }));
  const progress = exporter.progress;
  const exportLabel = !progress ? t('alarmCentre.export')
    : 'percent' in progress ? t('common.exportingPercent', { percent: progress.percent }) : t('common.exportingKb', { kb: progress.kb });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="alarm-centre">
      <Card title={t('alarmCentre.title')}>
        <LevelCounts counts={counts} level={filters.level} onLevel={(level) => setFilters((f) => ({ ...f, level }))} />
      </Card>
      <Card extra={
        <Button icon={<DownloadOutlined />} loading={progress !== undefined} onClick={() => void exporter.run('xlsx')} data-testid="alarm-export">{exportLabel}</Button>
      }>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <AlarmFilterBar value={filters} onChange={setFilters} />
          {list.error !== undefined && <Alert type="warning" showIcon message={list.error instanceof ApiError ? errorText(t, list.error) : t('errors.unknown')} />}
          <AlarmTable rows={list.page.list} loading={list.loading} pagination={list.pagination} deviceTypeName={(type) => typeNames.get(type) ?? String(type)}
            onOpen={(alarm) => setOpened(alarm.id)} onManualClose={setClosing} onChanged={changed} />
        </Space>
      </Card>
      {opened !== undefined && <AlarmDetailDrawer alarmId={opened} version={reread} onClose={() => setOpened(undefined)} onChanged={changed} />}
      {closing && <ManualCloseDialog alarm={closing} onClose={() => setClosing(undefined)} onClosed={() => {
        setClosing(undefined);
        changed();
      }} />}
    </Space>
  );
}
