// Marks messages of one group read or deleted: the given ids, or the whole group without them.
import { call } from '@/api/client';
import type { MessageGroup } from './message-groups';

export async function markMessages(group: MessageGroup, action: 'read' | 'delete', ids?: number[]): Promise<void> {
  const idList = ids?.length ? { ids: ids.join(',') } : {};
  if (group.broadcast) {
    await call('markGroupMsgAsReadOrDel', { query: { action, messageType: group.messageType as 1 | 2, sendRange: 1, ...idList }, silent: true });
  } else {
    await call('markPrivateMsgAsReadOrDel', { query: { action, ...idList }, silent: true });
  }
}
