// A CSV file of serials into the inventory (deviceImportBatch): the upload's progress, then how
// many rows were added and every rejected row with its line and reason.
import { useState } from 'react';
import { Alert, App, Button, Progress, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';

type Outcome = DataOf<'deviceImportBatch'>;
const MAX_CSV_BYTES = 5 * 1024 * 1024;
const HEADER = 'sn,snType,modelCode,ratedPower,parentSn,aliases';

export function BatchImport() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number>();
  const [outcome, setOutcome] = useState<Outcome>();

  const upload = async (file: File) => {
    setOutcome(undefined);
    setProgress(0);
    try {
      // The generated body types a binary part as a string; the client sends the File as a part.
      setOutcome(await call('deviceImportBatch', { body: { file: file as unknown as string }, silent: true, onUploadProgress: (f) => setProgress(Math.round(f * 100)) }));
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div data-testid="device-import-batch">
      <Typography.Paragraph>{t('deviceImport.batchHint')}</Typography.Paragraph>
      <Typography.Paragraph code copyable>{HEADER}</Typography.Paragraph>
      <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(file) => {
        if (file.size > MAX_CSV_BYTES) void message.error(t('deviceImport.tooLarge'));
        else void upload(file);
        return Upload.LIST_IGNORE;
      }}>
        <Button icon={<UploadOutlined />} disabled={progress !== undefined} data-testid="batch-upload">{t('deviceImport.chooseFile')}</Button>
      </Upload>
      {progress !== undefined && <Progress percent={progress} style={{ marginTop: 12 }} data-testid="batch-progress" />}
      {outcome && (
        <div style={{ marginTop: 16 }}>
          <Alert type={outcome.rejected.length ? 'warning' : 'success'} showIcon data-testid="batch-outcome"
            message={t('deviceImport.outcome', { added: outcome.added, rejected: outcome.rejected.length })} />
          {outcome.rejected.length > 0 && (
            <Table rowKey="line" size="small" style={{ marginTop: 12 }} dataSource={outcome.rejected} pagination={{ pageSize: 10 }} data-testid="batch-rejected" columns={[
              { key: 'line', dataIndex: 'line', title: t('deviceImport.line') },
              { key: 'sn', dataIndex: 'sn', title: t('deviceInventory.fields.sn') },
              { key: 'reason', dataIndex: 'reason', title: t('deviceImport.reason') },
            ]} />
          )}
        </div>
      )}
    </div>
  );
}
