// Several pictures in order (a product's gallery): each uploaded through an upload operation
// (uploadFile by default) with its progress, shown as a thumbnail with a preview, moved earlier or
// later, or removed; as many as the schema's array allows (minItems to maxItems, 1 to 9 say).
// `ui:options`: operation, part (its file field, "file"), valueField (what the form keeps of the
// answer, "url"), urlField (where the answer puts the picture's URL, "url"). A string field (a
// product's images, as its contract takes them) keeps them comma-joined, at most
// `ui:options.maxItems` (9) of them.
import { useState } from 'react';
import { App, Button, Image, Progress, Space, Typography, Upload } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { errorText } from '@/lib/error-text';
import { MAX_IMAGE_BYTES, isImageFile } from '@/lib/validators';
import { pictureUrls } from '../pictures';

type UploadCall = (id: OperationId, args: { body: object; silent: boolean; onUploadProgress(fraction: number): void }) => Promise<Record<string, unknown>>;

/** The list with the item at `from` moved by `by` places (kept within the list). */
export function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = Math.min(list.length - 1, Math.max(0, from + by));
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function ImagesWidget({ id, value, disabled, readonly, onChange, options, schema }: WidgetProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number>();
  const operation = (options.operation as OperationId | undefined) ?? 'uploadFile';
  const part = (options.part as string | undefined) ?? 'file';
  const valueField = (options.valueField as string | undefined) ?? 'url';
  const urlField = (options.urlField as string | undefined) ?? 'url';
  // URLs of values that are not URLs themselves (stored ids), from the answers of this session.
  const [urls, setUrls] = useState<Record<string, string>>({});
  const images = pictureUrls(value);
  const joined = schema.type === 'string';
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : typeof options.maxItems === 'number' ? options.maxItems : 9;
  const locked = Boolean(disabled || readonly);
  const set = (next: string[]) => onChange(next.length ? (joined ? next.join(',') : next) : undefined);

  const upload = async (file: File) => {
    setPercent(0);
    try {
      const answer = await (call as unknown as UploadCall)(operation, { body: { [part]: file }, silent: true, onUploadProgress: (f) => setPercent(Math.round(f * 100)) });
      const kept = String(answer[valueField]);
      setUrls((now) => ({ ...now, [kept]: String(answer[urlField] ?? kept) }));
      set([...images, kept]);
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setPercent(undefined);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`images-${id}`}>
      <Image.PreviewGroup>
        <Space wrap>
          {images.map((image, index) => (
            <Space key={`${image}-${index}`} direction="vertical" size={2} align="center" data-testid="image-item">
              <Image src={urls[image] ?? image} width={88} height={88} style={{ objectFit: 'cover' }} alt={`${index + 1}`} />
              {!locked && (
                <Space size={0}>
                  <Button size="small" type="text" icon={<ArrowLeftOutlined />} disabled={index === 0} aria-label={`${t('resource.moveEarlier')} ${index + 1}`}
                    onClick={() => set(moved(images, index, -1))} />
                  <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`${t('resource.removeImage')} ${index + 1}`}
                    onClick={() => set(images.filter((_, i) => i !== index))} />
                  <Button size="small" type="text" icon={<ArrowRightOutlined />} disabled={index === images.length - 1} aria-label={`${t('resource.moveLater')} ${index + 1}`}
                    onClick={() => set(moved(images, index, 1))} />
                </Space>
              )}
            </Space>
          ))}
        </Space>
      </Image.PreviewGroup>
      <Space>
        <Upload accept="image/*" showUploadList={false} disabled={locked || images.length >= max || percent !== undefined} beforeUpload={(file) => {
          if (!isImageFile(file)) void message.error(t('personal.notImage'));
          else if (file.size >= MAX_IMAGE_BYTES) void message.error(t('personal.imageTooLarge'));
          else void upload(file);
          return Upload.LIST_IGNORE;
        }}>
          <Button icon={<PlusOutlined />} loading={percent !== undefined} disabled={locked || images.length >= max} data-testid={`upload-${id}`}>{t('resource.addImage')}</Button>
        </Upload>
        <Typography.Text type="secondary">{t('resource.imageCount', { count: images.length, max })}</Typography.Text>
      </Space>
      {percent !== undefined && <Progress percent={percent} size="small" style={{ width: 200 }} />}
    </Space>
  );
}
