// One group's messages, newest first, narrowed to unread or read ones: a broadcast opens in place
// (its whole text is in the list) and is then marked read; a private message opens its detail,
// which the server marks read. Each row can be deleted, and the toolbar marks or deletes the
// whole group. Every change calls onChanged, so that the tabs' counts follow.
import { useState } from 'react';
import { Alert, App, Badge, Button, List, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/date-time';
import { usePage } from '@/custom/plant/components/use-page';
import { markMessages } from './mark-messages';
import type { MessageGroup } from './message-groups';
import { MessageDetail } from './message-detail';

type Message = DataOf<'getPrivateMsgList'>['list'][number];
type ReadFilter = 'all' | 'unread' | 'read';

function loadPage(group: MessageGroup, query: { pageNo: number; pageSize: number; isRead?: 0 | 1 }) {
  return group.broadcast
    ? call('getCombinationInfo', { query: { ...query, messageType: group.messageType as 1 | 2, sendRange: 1 }, silent: true })
    : call('getPrivateMsgList', { query, silent: true });
}

export function MessageList({ group, version, onChanged }: { group: MessageGroup; version: number; onChanged(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [open, setOpen] = useState<Message>();
  const query = { version, ...(filter === 'all' ? {} : { isRead: (filter === 'read' ? 1 : 0) as 0 | 1 }) };
  const { page, loading, error, reload, pagination } = usePage(({ version: _v, ...q }) => loadPage(group, q), query);

  const act = async (action: 'read' | 'delete', ids?: number[]) => {
    try {
      await markMessages(group, action, ids);
      if (!ids) void message.success(t(`messages.done.${action}All`));
      reload();
      onChanged();
    } catch (failure) {
      void message.error(failure instanceof ApiError ? errorText(t, failure) : t('errors.unknown'));
    }
  };
  const openMessage = (m: Message) => {
    setOpen(m);
    // A private message is marked read by its detail call; a broadcast has none.
    if (group.broadcast && !m.isRead) void act('read', [m.id]);
  };
  const closeDetail = () => {
    setOpen(undefined);
    if (!group.broadcast) {
      reload();
      onChanged();
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`message-list-${group.key}`}>
      <Space wrap>
        <Segmented<ReadFilter> value={filter} onChange={setFilter} data-testid="message-read-filter"
          options={(['all', 'unread', 'read'] as const).map((f) => ({ value: f, label: t(`messages.filter.${f}`) }))} />
        <Button onClick={() => void act('read')} disabled={!page.total} data-testid="message-read-all">{t('messages.readAll')}</Button>
        <Popconfirm title={t('messages.confirmDeleteAll')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => act('delete')}>
          <Button danger disabled={!page.total} data-testid="message-delete-all">{t('messages.deleteAll')}</Button>
        </Popconfirm>
      </Space>
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <List<Message> loading={loading} dataSource={page.list} locale={{ emptyText: t('messages.none') }}
        pagination={page.total > pagination.pageSize ? { ...pagination, showQuickJumper: false } : false}
        renderItem={(m) => (
          <List.Item data-testid="message-row" actions={[
            <Popconfirm key="delete" title={t('messages.confirmDelete')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => act('delete', [m.id])}>
              <Button type="link" size="small" danger aria-label={`${t('common.actions.delete')}: ${m.messageTitle}`}>{t('common.actions.delete')}</Button>
            </Popconfirm>,
          ]}>
            <List.Item.Meta
              title={(
                <Space>
                  <Badge status={m.isRead ? 'default' : 'processing'} />
                  <Typography.Link strong={!m.isRead} onClick={() => openMessage(m)} data-testid="message-title">{m.messageTitle}</Typography.Link>
                </Space>
              )}
              description={formatDateTime(m.sendTime, { lang: i18n.language })} />
          </List.Item>
        )} />
      {open && <MessageDetail message={open} broadcast={group.broadcast} onClose={closeDetail} />}
    </Space>
  );
}
