// A device's remote-setting changes, newest first (remoteSettingLogPage): who changed which setting
// from what to what, and whether the device confirmed or refused it. Shown on the remote
// configuration page and on the plant's device page (a new key reloads it after a change).
import { useCallback, useState } from 'react';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { formatDateTime, withZone } from '@/lib/date-time';
import { useLoad } from '@/custom/monitoring/use-load';

type Entry = DataOf<'remoteSettingLogPage'>['list'][number];

export function SettingLog({ deviceSn, timeZone }: { deviceSn: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const log = useLoad(useCallback(() => call('remoteSettingLogPage', { query: { deviceSn, ...page }, silent: true }), [deviceSn, page]));
  // Callers without the right to see the log (a visitor's share without remote settings) see nothing.
  if (log.error) return null;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('remoteConfig.log.title')}</Typography.Title>
      <Table<Entry> rowKey="id" size="small" loading={log.loading} dataSource={log.data?.list} data-testid="remote-setting-log"
        pagination={{ current: page.pageNo, pageSize: page.pageSize, total: log.data?.total ?? 0, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
        columns={[
          { key: 'createTime', dataIndex: 'createTime', title: withZone(t('common.fields.createTime'), timeZone),
            render: (v: string) => formatDateTime(v, { lang: i18n.language, timeZone }) },
          { key: 'setting', dataIndex: 'setting', title: t('remoteConfig.log.setting'), render: (v: string) => t(`remoteConfig.settings.${v}`, { defaultValue: v }) },
          { key: 'oldValue', dataIndex: 'oldValue', title: t('remoteConfig.log.oldValue'), render: (v: string | null) => v ?? '–' },
          { key: 'newValue', dataIndex: 'newValue', title: t('remoteConfig.log.newValue'), render: (v: string | null) => v ?? '–' },
          { key: 'result', dataIndex: 'result', title: t('remoteConfig.log.result'),
            render: (v: 2 | 3, row) => <Tag color={v === 2 ? 'green' : 'red'} title={row.reason ?? undefined}>{t(`remoteConfig.status.${v}`)}{row.reason ? `: ${row.reason}` : ''}</Tag> },
          { key: 'operatorName', dataIndex: 'operatorName', title: t('remoteConfig.log.operatorName') },
        ]} />
    </>
  );
}
