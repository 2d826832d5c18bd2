// An image stored through an upload operation of the contract, with the upload's progress; the
// form keeps the key the server answers. `ui:options`: operation (the upload operationId), part
// (its file field), keyField and urlField (where the answer puts the stored key and its URL).
import { useState } from 'react';
import { App, Button, Image, Progress, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { errorText } from '@/lib/error-text';
import { MAX_IMAGE_BYTES, isImageFile } from '@/lib/validators';

type Upload = (id: OperationId, args: { body: object; silent: boolean; onUploadProgress(fraction: number): void }) => Promise<Record<string, unknown>>;

export function ImageUploadWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [url, setUrl] = useState<string>();
  const [percent, setPercent] = useState<number>();
  const { operation, part, keyField, urlField } = options as unknown as { operation: OperationId; part: string; keyField: string; urlField: string };

  const upload = async (file: File) => {
    setPercent(0);
    try {
      const answer = await (call as unknown as Upload)(operation, { body: { [part]: file }, silent: true, onUploadProgress: (f) => setPercent(Math.round(f * 100)) });
      onChange(answer[keyField]);
      setUrl(answer[urlField] as string | undefined);
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setPercent(undefined);
    }
  };

  return (
    <Space direction="vertical">
      <Space>
        {(url ?? (typeof value === 'string' && /^(https?:)?\//.test(value) ? value : undefined)) && <Image src={url ?? value} width={64} height={64} style={{ objectFit: 'cover' }} />}
        <Upload accept="image/*" showUploadList={false} disabled={disabled || readonly} beforeUpload={(file) => {
          if (!isImageFile(file)) void message.error(t('personal.notImage'));
          else if (file.size >= MAX_IMAGE_BYTES) void message.error(t('personal.imageTooLarge'));
          else void upload(file);
          return Upload.LIST_IGNORE;
        }}>
          <Button icon={<UploadOutlined />} loading={percent !== undefined} data-testid={`upload-${id}`}>{t('resource.chooseImage')}</Button>
        </Upload>
      </Space>
      {percent !== undefined && <Progress percent={percent} size="small" style={{ width: 200 }} />}
    </Space>
  );
}
