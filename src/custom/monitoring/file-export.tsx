// The XLSX and CSV exports of the monitoring and report pages (exportPvMeterList,
// exportPlantReport: `format` picks the file), one at a time, each button showing the share of
// the file received, or its size when the server does not announce it. A server that does not
// implement the call yet answers 10001 `not implemented`: the page shows the not-yet state
// instead of an error, and the buttons stay, so that they work once the call lands.
import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '@/api/client';
import { saveFile } from '@/custom/shell/save-file';
import { downloadErrorText } from '@/custom/shell/download-error';
import { isNotImplemented } from '@/custom/plant/components/not-yet';

export const FILE_FORMATS = ['xlsx', 'csv'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];
export type ExportProgress = { format: FileFormat } & ({ percent: number } | { kb: number });
type OnProgress = (received: number, total: number | undefined) => void;
/** Downloads the file in a format, reporting what has arrived (client.ts `download`). */
export type Fetch = (format: FileFormat, onDownloadProgress: OnProgress) => Promise<DownloadedFile>;

export function useFileExport(fetch: Fetch) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<ExportProgress>();
  const [notYet, setNotYet] = useState(false);

  const run = async (format: FileFormat) => {
    setProgress({ format, percent: 0 });
    try {
      const file = await fetch(format, (received, total) =>
        setProgress(total ? { format, percent: Math.round((received / total) * 100) } : { format, kb: Math.round(received / 1024) }));
      saveFile(file);
      setNotYet(false);
      void message.success(t('common.exported', { filename: file.filename }));
    } catch (error) {
      if (isNotImplemented(error)) setNotYet(true);
      else void message.error(downloadErrorText(t, error));
    } finally {
      setProgress(undefined);
    }
  };
  return { progress, notYet, run };
}

/** "Export XLSX" and "Export CSV"; the running one shows its progress, the other waits. */
export function ExportButtons({ exporter, disabled, testId }: { exporter: ReturnType<typeof useFileExport>; disabled?: boolean; testId: string }) {
  const { t } = useTranslation();
  const { progress, run } = exporter;
  return (
    <Space>
      {FILE_FORMATS.map((format) => {
        const mine = progress?.format === format ? progress : undefined;
        const label = !mine ? t(`monitoring.export.${format}`)
          : 'percent' in mine ? t('common.exportingPercent', { percent: mine.percent }) : t('common.exportingKb', { kb: mine.kb });
        return (
          <Button key={format} icon={<DownloadOutlined />} loading={Boolean(mine)} disabled={disabled || (progress !== undefined && !mine)}
            onClick={() => void run(format)} data-testid={`${testId}-${format}`}>{label}</Button>
        );
      })}
    </Space>
  );
}
