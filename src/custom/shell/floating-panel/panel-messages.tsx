// The panel's message tab: unread messages per group (getMsgStatictics: system notices, private
// messages, announcements) and the newest unread private ones (getPrivateMsgList), each leading
// to the message centre, where they are read (the tab closes, so that it does not cover it).
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, List, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/date-time';
import { MESSAGE_GROUPS, unreadOf } from '@/custom/messages/message-groups';
import { badgeText, PANEL_MESSAGE_COUNT } from './panel-rules';
import { MESSAGE_CENTRE_PATH } from './paths';

type Stats = DataOf<'getMsgStatictics'>;
type Message = DataOf<'getPrivateMsgList'>['list'][number];

export function PanelMessages({ stats, version, onLeave }: { stats?: Stats; version: number; onLeave(): void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [unread, setUnread] = useState<Message[]>([]);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    let live = true;
    call('getPrivateMsgList', { query: { pageNo: 1, pageSize: PANEL_MESSAGE_COUNT, isRead: 0 }, silent: true }).then((page) => {
      if (!live) return;
      setUnread(page.list);
      setError(undefined);
    }, (failure: unknown) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [version]);
  const open = () => {
    onLeave();
    navigate(MESSAGE_CENTRE_PATH);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <List size="small" dataSource={[...MESSAGE_GROUPS]} data-testid="panel-message-groups"
        renderItem={(group) => (
          <List.Item extra={<Badge count={badgeText(unreadOf(stats, group))} />}>
            <Typography.Link onClick={open}>{t(`messages.groups.${group.key}`)}</Typography.Link>
          </List.Item>
        )} />
      {unread.length > 0 && (
        <List<Message> size="small" header={t('floatingPanel.unreadPrivate')} dataSource={unread} data-testid="panel-unread-messages"
          renderItem={(m) => (
            <List.Item>
              <List.Item.Meta title={<Typography.Link onClick={open}>{m.messageTitle}</Typography.Link>}
                description={formatDateTime(m.sendTime, { lang: i18n.language })} />
            </List.Item>
          )} />
      )}
      <Button block onClick={open} data-testid="panel-message-centre">{t('floatingPanel.allMessages')}</Button>
    </Space>
  );
}
