// The support-chat widget (000 sections 2 and 4): the caller's conversation with the support
// staff of their organisations, its open or closed state and the unread count the provider
// reports (getChatInfo). When the provider fails, the widget shows nothing at all: the server
// has logged it. Exported for the floating panel's customer-service entry.
import { useCallback, useEffect, useState } from 'react';
import { Badge, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { Conversation } from './conversation';

type ChatInfo = DataOf<'getChatInfo'>;

/** The caller's chat state; undefined until known, or while the provider fails. */
export function useChatInfo() {
  const [info, setInfo] = useState<ChatInfo>();
  const reload = useCallback(() => {
    call('getChatInfo', { silent: true }).then((answer) => setInfo(answer.available ? answer : undefined), () => setInfo(undefined));
  }, []);
  useEffect(reload, [reload]);
  return { info, reload };
}

export function ChatWidget() {
  const { t } = useTranslation();
  const { info, reload } = useChatInfo();
  if (!info) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="chat-widget">
      <Space>
        <Typography.Text strong>{t('chat.title')}</Typography.Text>
        <Tag color={info.state === 'open' ? 'green' : 'default'} data-testid="chat-state">{t(`chat.state.${info.state}`)}</Tag>
        <Badge count={info.unreadNum} overflowCount={99} data-testid="chat-unread" />
      </Space>
      <Conversation state={info.state} onChanged={reload} />
    </Space>
  );
}
