// The device's answer to the last command: what it confirmed, or why nothing changed (it refused,
// did not answer in time, or the server refused the request), in the server's words.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { errorText } from '@/lib/error-text';

export type Answer = { ok: true; text: string } | { ok: false; error: unknown } | undefined;

export function DeviceAnswer({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  if (!answer) return null;
  if (answer.ok) return <Alert type="success" showIcon message={t('remoteConfig.answer.confirmed')} description={answer.text} data-testid="device-answer" style={{ marginBottom: 16 }} />;
  const text = answer.error instanceof ApiError ? errorText(t, answer.error) : t('errors.unknown');
  return <Alert type="error" showIcon message={t('remoteConfig.answer.failed')} description={text} data-testid="device-answer" style={{ marginBottom: 16 }} />;
}
