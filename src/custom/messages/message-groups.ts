// The message centre's groups (000 section 3: 1/1 system notices, 2/1 announcements, 3/2 private
// messages) and which calls serve each: broadcasts are listed whole and marked through
// markGroupMsgAsReadOrDel; private messages are cut in the list, read through their detail and
// marked through markPrivateMsgAsReadOrDel.
export interface MessageGroup {
  key: string;
  messageType: 1 | 2 | 3;
  sendRange: 1 | 2;
  broadcast: boolean;
}

export const MESSAGE_GROUPS: readonly MessageGroup[] = [
  { key: 'system', messageType: 1, sendRange: 1, broadcast: true },
  { key: 'private', messageType: 3, sendRange: 2, broadcast: false },
  { key: 'announcement', messageType: 2, sendRange: 1, broadcast: true },
];

/** Unread badges show at most this many, then "99+" (000 section 9). */
export const UNREAD_MAX = 99;

/** The unread count of a group in a getMsgStatictics answer (0 while it is not loaded). */
export function unreadOf(stats: { groups: { messageType: number; totalNum: number; readNum: number }[] } | undefined, group: MessageGroup): number {
  const found = stats?.groups.find((g) => g.messageType === group.messageType);
  return found ? Math.max(0, found.totalNum - found.readNum) : 0;
}
