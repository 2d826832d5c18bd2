// One support conversation, for its user (no conversationId: their own) or for support staff
// (a user's conversation): the messages oldest first, each side's on its own side, a box to
// write in and Close. Staff cannot write into a closed conversation; the user's message opens it.
import { useState } from 'react';
import { Button, Empty, Input, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatDateTime } from '@/lib/date-time';
import chatMessageEntity from '../../../schemas/entities/chat-message.schema.json';
import { useChatMessages } from './use-chat-messages';

const CONTENT_MAX = chatMessageEntity.properties.content.maxLength;

export interface ConversationProps {
  conversationId?: number;
  /** The reader is support staff: their messages are the staff side's. */
  staff?: boolean;
  state: 'none' | 'open' | 'closed';
  /** Something changed: a message sent, the conversation read or closed. */
  onChanged(): void;
}

export function Conversation({ conversationId, staff = false, state, onChanged }: ConversationProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const { messages, reload } = useChatMessages(conversationId, onChanged);
  const mine = (fromStaff: boolean) => fromStaff === staff;
  const closedForStaff = staff && state === 'closed';

  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await call('sendChatMessage', { body: { content: text, ...(conversationId ? { conversationId } : {}) }, silent: true });
      setText('');
      reload();
    } catch {
      // The provider's failure is logged by the server; the text stays in the box to send again.
    } finally {
      setSending(false);
    }
  };
  const close = async () => {
    await call('closeChat', { body: conversationId ? { conversationId } : {}, silent: true }).catch(() => undefined);
    onChanged();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="chat-conversation">
      <div style={{ maxHeight: 360, overflowY: 'auto', padding: 8, background: 'var(--ant-color-fill-quaternary, #fafafa)', borderRadius: 8 }}
        data-testid="chat-messages">
        {messages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} />}
        {messages.map((m) => (
          <div key={m.id} style={{ textAlign: mine(m.fromStaff) ? 'right' : 'left', margin: '6px 0' }} data-testid="chat-message">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${m.fromStaff ? (m.senderName ?? t('chat.support')) : (m.senderName ?? '')} · ${formatDateTime(m.sendTime, { lang: i18n.language })}`}
            </Typography.Text>
            <div style={{ whiteSpace: 'pre-wrap' }}>{m.content}</div>
          </div>
        ))}
      </div>
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} maxLength={CONTENT_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }}
        disabled={closedForStaff} placeholder={closedForStaff ? t('chat.closedForStaff') : t('chat.placeholder')} data-testid="chat-input"
        onPressEnter={(e) => {
          if (!e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }} />
      <Space>
        <Button type="primary" onClick={() => void send()} loading={sending} disabled={closedForStaff || !text.trim()} data-testid="chat-send">{t('chat.send')}</Button>
        {state === 'open' && (
          <Popconfirm title={t('chat.confirmClose')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => close()}>
            <Button data-testid="chat-close">{t('chat.close')}</Button>
          </Popconfirm>
        )}
      </Space>
    </Space>
  );
}
