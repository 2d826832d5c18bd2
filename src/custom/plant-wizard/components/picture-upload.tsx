// The plant logo or project picture: an image under 5 MB (checked here and, by content, on the
// server), stored by modifyProjectPic; the form keeps the stored key.
import { useState } from 'react';
import { App, Button, Form, Image, Space, Upload, type FormInstance } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { MAX_IMAGE_BYTES, isImageFile } from '@/lib/validators';
import { errorText } from '@/lib/error-text';

interface Props {
  form: FormInstance;
  field: 'plantLogo' | 'projectPic';
  initialUrl?: string | undefined;
}

export function PictureUpload({ form, field, initialUrl }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [url, setUrl] = useState(initialUrl);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      // The generated body types a binary part as a string; the client sends the File as a part.
      const answer = await call('modifyProjectPic', { body: { projectPicFile: file as unknown as string }, silent: true });
      form.setFieldValue(field, answer.plantLogo);
      setUrl(answer.plantLogoUrl);
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form.Item label={t(`plant.fields.${field}`)}>
      <Space>
        {url && <Image src={url} width={64} height={64} style={{ objectFit: 'cover' }} />}
        <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => {
          if (!isImageFile(file)) void message.error(t('personal.notImage'));
          else if (file.size >= MAX_IMAGE_BYTES) void message.error(t('personal.imageTooLarge'));
          else void upload(file);
          return Upload.LIST_IGNORE;
        }}>
          <Button icon={<UploadOutlined />} loading={busy} data-testid={`upload-${field}`}>{t('plantWizard.choosePicture')}</Button>
        </Upload>
      </Space>
      <Form.Item name={field} hidden><input /></Form.Item>
    </Form.Item>
  );
}
