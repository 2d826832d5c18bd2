// Shown once after a create whose answer holds values that are never shown again (descriptor
// `create.resultDialog`), e.g. an API client's id and secret: each field with a copy button.
import { Alert, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDescriptor } from '../types';
import { fieldLabel } from '../schema-utils';
import { useCopy } from '@/custom/shell/widgets/copy';

interface Props {
  descriptor: ResourceDescriptor;
  record: Record<string, unknown> | undefined;
  onClose(): void;
}

export function ResultDialog({ descriptor, record, onClose }: Props) {
  const { t } = useTranslation();
  const copy = useCopy();
  const dialog = descriptor.create?.resultDialog;
  if (!dialog) return null;

  return (
    <Modal open={record !== undefined} title={t(`${descriptor.name}.titles.created`)} closable={false} maskClosable={false} keyboard={false}
      footer={<Button type="primary" onClick={onClose} data-testid="result-dialog-close">{t('common.done')}</Button>}>
      {dialog.notice && <Alert type="warning" showIcon message={t(dialog.notice)} style={{ marginBottom: 16 }} />}
      <Descriptions column={1} bordered size="small" data-testid="result-dialog">
        {dialog.fields.map((field) => {
          const value = String(record?.[field] ?? '');
          return (
            <Descriptions.Item key={field} label={fieldLabel(t, descriptor, field)}>
              <Space>
                <Typography.Text code data-testid={`result-${field}`}>{value}</Typography.Text>
                <Button size="small" icon={<CopyOutlined />} aria-label={t('common.copy')} onClick={() => void copy(value)} />
              </Space>
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Modal>
  );
}
