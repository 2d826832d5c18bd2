// The message centre as one user sees it (openapi/paths/messages.yaml). A broadcast reaches a user
// when the user's office lies in the subtree of the message's office, the user holds its role (if
// it names one) and the account existed when it was sent; a private message reaches its one
// recipient. Read and deleted marks are the user's own rows in message_user_states, so a
// broadcast stays one row however many read or delete it.
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messages, messageUserStates } from '../db/schema/index.ts';
import { notFoundOrForbidden } from '../errors.ts';
import { listKey, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';
import { escapeLike } from './scope.ts';

/** The groups of 000 section 3: system notices 1/1, announcements 2/1, private messages 3/2. */
export const MESSAGE_GROUPS = [
  { messageType: 1, sendRange: 1 },
  { messageType: 2, sendRange: 1 },
  { messageType: 3, sendRange: 2 },
] as const;

/** Lists cut a private message's text to this many characters (getPrivateMsgList). */
export const LIST_TEXT_CHARS = 200;

/** Broadcasts whose audience holds the user (see the file's comment). */
export const broadcastReaches = (userId: string): SQL => and(eq(messages.sendRange, 1), sql`exists (
  select 1 from users me join offices my_office on my_office.id = me.office_id join offices sent_to on sent_to.id = ${messages.officeId}
  where me.id = ${userId} and starts_with(my_office.path, sent_to.path)
    and (${messages.roleId} is null or ${messages.roleId} = me.role_id) and me.created_at <= ${messages.sendTime})`)!;

const privateTo = (userId: string): SQL => and(eq(messages.sendRange, 2), eq(messages.userId, userId))!;

/** The user's state row of each message, joined beside it. */
const stateOf = (userId: string) => and(eq(messageUserStates.messageId, messages.id), eq(messageUserStates.userId, userId));

type Group = 'broadcast' | 'private';

/** Messages the user can see and has not deleted. */
const visibleTo = (userId: string, group: Group | 'any'): SQL => and(
  group === 'broadcast' ? broadcastReaches(userId) : group === 'private' ? privateTo(userId) : or(broadcastReaches(userId), privateTo(userId)),
  isNull(messageUserStates.deletedAt),
)!;

type MessageRow = typeof messages.$inferSelect;

function messageDto(row: MessageRow, readAt: Date | null, cut?: number) {
  return {
    id: row.id, messageType: row.messageType as 1 | 2 | 3, sendRange: row.sendRange as 1 | 2,
    messageTitle: row.title, messageDepiction: cut ? row.body.slice(0, cut) : row.body,
    isRead: (readAt ? 1 : 0) as 0 | 1, plantUid: row.plantUid ?? undefined, deviceSn: row.deviceSn ?? undefined,
    sendTime: row.sendTime.toISOString(),
  };
}

export interface MessageListFilter extends PageRequest {
  isRead?: number | undefined;
  keyword?: string | undefined;
}

async function pageMessages(db: Db, userId: string, key: string, condition: SQL, filter: MessageListFilter, cut?: number) {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const where = and(condition,
    filter.isRead === undefined ? undefined : filter.isRead ? isNotNull(messageUserStates.readAt) : isNull(messageUserStates.readAt),
    filter.keyword ? or(ilike(messages.title, `%${escapeLike(filter.keyword)}%`), ilike(messages.body, `%${escapeLike(filter.keyword)}%`)) : undefined);
  const { rows, total } = await readPage(db, key,
    () => db.select({ id: messages.id }).from(messages).leftJoin(messageUserStates, stateOf(userId)).where(where).$dynamic(),
    (extra) => db.select({ row: messages, readAt: messageUserStates.readAt, ...extra }).from(messages)
      .leftJoin(messageUserStates, stateOf(userId)).where(where)
      .orderBy(desc(messages.sendTime), desc(messages.id)).limit(pageSize).offset(offset));
  return { list: rows.map(({ row, readAt }) => messageDto(row, readAt, cut)), total, pageNo, pageSize };
}

export type MessageDto = ReturnType<typeof messageDto>;

/** One page of a broadcast group, whole texts (broadcasts have no detail call). */
export function pageGroupMessages(db: Db, userId: string, filter: MessageListFilter & { messageType?: number; sendRange?: number }): Promise<Page<MessageDto>> {
  const messageType = filter.messageType ?? 1;
  const condition = and(eq(messages.messageType, messageType), visibleTo(userId, 'broadcast'))!;
  return pageMessages(db, userId, listKey('groupMessages', { userId }, { messageType, isRead: filter.isRead }), condition, filter);
}

/** One page of the user's private messages, texts cut to LIST_TEXT_CHARS. */
export function pagePrivateMessages(db: Db, userId: string, filter: MessageListFilter): Promise<Page<MessageDto>> {
  return pageMessages(db, userId, listKey('privateMessages', { userId }, { isRead: filter.isRead, keyword: filter.keyword }),
    visibleTo(userId, 'private'), filter, LIST_TEXT_CHARS);
}

/** Counts per group, every group present, and the unread total. */
export async function messageStatistics(db: Db, userId: string) {
  const rows = await db.select({
    messageType: messages.messageType, sendRange: messages.sendRange,
    totalNum: sql<number>`count(*)::int`, readNum: sql<number>`count(${messageUserStates.readAt})::int`,
  }).from(messages).leftJoin(messageUserStates, stateOf(userId)).where(visibleTo(userId, 'any'))
    .groupBy(messages.messageType, messages.sendRange);
  const groups = MESSAGE_GROUPS.map((group) => {
    const found = rows.find((r) => r.messageType === group.messageType && r.sendRange === group.sendRange);
    return { ...group, totalNum: found?.totalNum ?? 0, readNum: found?.readNum ?? 0 };
  });
  return { groups, unreadNum: groups.reduce((sum, g) => sum + g.totalNum - g.readNum, 0) };
}

/** The user's unread total, as the live `message` event carries it. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  return (await messageStatistics(db, userId)).unreadNum;
}

/** A private message of the user, whole, now marked read; 10005 when it is not theirs or deleted. */
export async function privateMessageDetail(db: Db, userId: string, id: number): Promise<MessageDto> {
  const [found] = await db.select({ row: messages }).from(messages).leftJoin(messageUserStates, stateOf(userId))
    .where(and(eq(messages.id, id), visibleTo(userId, 'private')));
  if (!found) throw notFoundOrForbidden();
  const [state] = await db.insert(messageUserStates).values({ messageId: id, userId, readAt: new Date() })
    .onConflictDoUpdate({ target: [messageUserStates.userId, messageUserStates.messageId], set: { readAt: sql`coalesce(${messageUserStates.readAt}, now())` } })
    .returning({ readAt: messageUserStates.readAt });
  return messageDto(found.row, state!.readAt);
}

export const parseIds = (ids: string | undefined): number[] | undefined =>
  (ids ? [...new Set(ids.split(',').map(Number))] : undefined);

/**
 * Marks messages read or deleted for the user: the given ids (each must be one the user can
 * reach in that group, else 10005 and nothing changes), or every one of the group. Marks already
 * there keep their first time, so repeating the call changes nothing.
 */
export async function markMessages(db: Db, userId: string, action: 'read' | 'delete', group: Group, messageType: number | undefined, ids: number[] | undefined): Promise<void> {
  const reach = group === 'broadcast' ? broadcastReaches(userId) : privateTo(userId);
  await db.transaction(async (tx) => {
    if (ids) {
      const reached = await tx.select({ id: messages.id }).from(messages).where(and(reach, inArray(messages.id, ids)));
      if (reached.length !== ids.length) throw notFoundOrForbidden();
    }
    const chosen = ids ? inArray(messages.id, ids) : group === 'broadcast' ? eq(messages.messageType, messageType ?? 1) : undefined;
    const targets = await tx.select({ id: messages.id }).from(messages).leftJoin(messageUserStates, stateOf(userId))
      .where(and(reach, chosen, isNull(messageUserStates.deletedAt)));
    if (!targets.length) return;
    const now = new Date();
    await tx.insert(messageUserStates)
      .values(targets.map(({ id }) => ({ messageId: id, userId, ...(action === 'read' ? { readAt: now } : { deletedAt: now }) })))
      .onConflictDoUpdate({
        target: [messageUserStates.userId, messageUserStates.messageId],
        set: action === 'read'
          ? { readAt: sql`coalesce(${messageUserStates.readAt}, excluded.read_at)` }
          : { deletedAt: sql`coalesce(${messageUserStates.deletedAt}, excluded.deleted_at)` },
      });
  });
}
