// The list's export (descriptor `operations.export`): the file for the list's current filters and
// sort (npm run check makes sure the export takes them), with its progress shown while it arrives, saved under the name the server gives it.
import { useState } from 'react';
import { useCan, type CrudFilter, type CrudSort } from '@refinedev/core';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, download, type DownloadedFile } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { errorText } from '@/lib/error-text';
import { saveFile } from '@/custom/shell/save-file';
import { filterQuery, sortQuery } from '../filter-query';
import { operationArgs } from '../operation-args';
import type { ResourceDescriptor } from '../types';

type Loose = (id: OperationId, args: { query?: object; body?: object; silent?: boolean; onDownloadProgress?: (received: number, total?: number) => void }) => Promise<DownloadedFile>;
const downloadLoose = download as unknown as Loose;

/** Received share in percent, or kilobytes when the server did not announce the size. */
type Progress = { percent: number } | { kb: number };

export function ExportButton({ descriptor, filters, sorters }: { descriptor: ResourceDescriptor; filters: CrudFilter[]; sorters: CrudSort[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: can } = useCan({ resource: descriptor.name, action: 'export' });
  const [progress, setProgress] = useState<Progress>();
  const operation = descriptor.operations.export;
  if (!operation || !can?.can) return null;

  const run = async () => {
    setProgress({ percent: 0 });
    try {
      const file = await downloadLoose(operation, {
        ...operationArgs(operation, { ...filterQuery(descriptor, filters), ...sortQuery(descriptor, sorters) }),
        silent: true,
        onDownloadProgress: (received, total) => setProgress(total ? { percent: Math.round((received / total) * 100) } : { kb: Math.round(received / 1024) }),
      });
      saveFile(file);
      void message.success(t('common.exported', { filename: file.filename }));
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.download'));
    } finally {
      setProgress(undefined);
    }
  };

  const label = !progress ? t('common.actions.export')
    : 'percent' in progress ? t('common.exportingPercent', { percent: progress.percent }) : t('common.exportingKb', { kb: progress.kb });
  return (
    <Button icon={<DownloadOutlined />} loading={progress !== undefined} onClick={() => void run()} data-testid="export-button">{label}</Button>
  );
}
