// The message centre (menu "Message", 000 sections 3 and 7): a tab per group with its unread count
// (getMsgStatictics), each listing its messages to open, mark read or delete. A message that
// reaches the user meanwhile (the live `message` event) reads the counts and the list again.
import { useEffect, useState } from 'react';
import { Badge, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { useLiveEventState } from '@/custom/shell/live-alarms';
import { MESSAGE_GROUPS, UNREAD_MAX, unreadOf } from './message-groups';
import { MessageList } from './message-list';

export default function MessageCentrePage() {
  const { t } = useTranslation();
  const [stats, setStats] = useState<DataOf<'getMsgStatictics'>>();
  const [changes, setChanges] = useState(0);
  const version = changes + useLiveEventState().messages;
  useEffect(() => {
    let live = true;
    call('getMsgStatictics', { silent: true }).then((s) => live && setStats(s), () => undefined);
    return () => {
      live = false;
    };
  }, [version]);
  const changed = () => setChanges((v) => v + 1);
  return (
    <Card title={t('messages.title')} data-testid="message-centre">
      <Tabs destroyOnHidden items={MESSAGE_GROUPS.map((group) => ({
        key: group.key,
        label: (
          <span data-testid={`message-tab-${group.key}`}>
            {t(`messages.groups.${group.key}`)} <Badge count={unreadOf(stats, group)} overflowCount={UNREAD_MAX} size="small" data-testid={`message-unread-${group.key}`} />
          </span>
        ),
        children: <MessageList group={group} version={version} onChanged={changed} />,
      }))} />
    </Card>
  );
}
