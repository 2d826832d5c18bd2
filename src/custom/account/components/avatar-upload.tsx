// The avatar: an image under 5 MB (checked here and by the server), uploaded with modifyUserHead
// while a progress bar shows how much has been sent.
import { useState } from 'react';
import { App, Avatar, Button, Progress, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { MAX_IMAGE_BYTES, isImageFile } from '@/lib/validators';
import { errorText } from '@/lib/error-text';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/bmp,image/webp';

export function AvatarUpload({ userHead, onUploaded }: { userHead: string | undefined; onUploaded(userHead: string): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number>();

  const upload = async (file: File) => {
    setProgress(0);
    try {
      // The generated body types a binary part as a string; the client sends the File as a part.
      const answer = await call('modifyUserHead', { body: { file: file as unknown as string }, silent: true, onUploadProgress: (f) => setProgress(Math.round(f * 100)) });
      onUploaded(answer.userHead ?? '');
      void message.success(t('personal.avatarSaved'));
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div className="personal-avatar">
      <Avatar size={96} src={userHead || undefined} icon={<UserOutlined />} />
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          if (!isImageFile(file)) void message.error(t('personal.notImage'));
          else if (file.size >= MAX_IMAGE_BYTES) void message.error(t('personal.imageTooLarge'));
          else void upload(file);
          // The upload runs above, through the contract client; antd neither sends nor lists the file.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={progress !== undefined} data-testid="avatar-upload">{t('personal.changeAvatar')}</Button>
      </Upload>
      {progress !== undefined && <Progress percent={progress} size="small" data-testid="avatar-progress" />}
    </div>
  );
}
