// A message opened from the message centre: a broadcast shows the text the list carried; a private
// message is read through getPrivateMsgDetail (its whole text, and the server marks it read).
import { useEffect, useState } from 'react';
import { Alert, Descriptions, Drawer, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/date-time';

type Message = DataOf<'getPrivateMsgDetail'>;

export function MessageDetail({ message, broadcast, onClose }: { message: Message; broadcast: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [whole, setWhole] = useState<Message | undefined>(broadcast ? message : undefined);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (broadcast) return;
    let live = true;
    call('getPrivateMsgDetail', { query: { id: message.id }, silent: true }).then((m) => live && setWhole(m), (failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [broadcast, message.id]);
  return (
    <Drawer open title={message.messageTitle} onClose={onClose} width={520} destroyOnHidden data-testid="message-detail">
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      {!whole && error === undefined && <Spin />}
      {whole && (
        <>
          <Descriptions size="small" column={1} items={[
            { key: 'time', label: t('message.fields.sendTime'), children: formatDateTime(whole.sendTime, { lang: i18n.language }) },
            ...(whole.plantUid ? [{ key: 'plant', label: t('message.fields.plantUid'), children: whole.plantUid }] : []),
            ...(whole.deviceSn ? [{ key: 'device', label: t('message.fields.deviceSn'), children: whole.deviceSn }] : []),
          ]} />
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }} data-testid="message-text">{whole.messageDepiction}</Typography.Paragraph>
        </>
      )}
    </Drawer>
  );
}
