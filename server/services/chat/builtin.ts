// The built-in chat provider: a conversation between each user and the support staff of the
// user's organisations (holders of system:chat:reply whose office subtree holds the user's
// office), kept in chat_conversations and chat_messages. A message and the other side's unread
// count move in one transaction; reading a conversation clears the reader's side.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chatConversations, chatMessages, offices, users } from '../../db/schema/index.ts';
import { fieldError, notFoundOrForbidden } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { listKey, pageWindow, readPage } from '../../repositories/paging.ts';
import { objectScope, resolveScope, callerScope } from '../../repositories/scope.ts';
import type { ChatConversation, ChatMessage, ChatProvider, ConversationFilter } from './provider.ts';

/** A conversation answers at most its newest messages (older ones stay stored). */
export const CHAT_HISTORY = 200;

const messageDto = (row: typeof chatMessages.$inferSelect, senderName: string | null): ChatMessage => ({
  id: row.id, conversationId: row.conversationId, fromStaff: row.fromStaff, senderName: senderName ?? undefined,
  content: row.content, sendTime: row.createdAt.toISOString(),
});

/** Conversations of users of the staff member's organisations. */
const staffReach = (caller: AuthContext): SQL => objectScope({ ...callerScope(caller), own: false }, { officeId: chatConversations.officeId });

export function builtinChatProvider(db: Db): ChatProvider {
  const own = async (tx: Db | Tx, caller: AuthContext) =>
    (await tx.select().from(chatConversations).where(eq(chatConversations.userId, caller.userId)))[0];

  /** The conversation the call acts on, locked when `lock`: the caller's own, or one staff may answer. */
  async function target(tx: Db | Tx, caller: AuthContext, staff: boolean, conversationId: number | undefined, lock = false) {
    if (conversationId === undefined) return own(tx, caller);
    if (!staff) {
      const mine = await own(tx, caller);
      if (mine?.id === conversationId) return mine;
      throw notFoundOrForbidden();
    }
    const query = tx.select().from(chatConversations).where(and(eq(chatConversations.id, conversationId), staffReach(caller)));
    const [found] = lock ? await query.for('update') : await query;
    if (!found) throw notFoundOrForbidden();
    return found;
  }

  /** Whether the caller acts on the conversation as its user (else as staff). */
  const asUser = (caller: AuthContext, conversation: { userId: string }) => conversation.userId === caller.userId;

  return {
    async info(caller) {
      const mine = await own(db, caller);
      return mine ? { state: mine.state, unreadNum: mine.userUnread, conversationId: mine.id } : { state: 'none', unreadNum: 0 };
    },

    async messages(caller, staff, conversationId) {
      const conversation = await target(db, caller, staff, conversationId);
      if (!conversation) return [];
      const side = asUser(caller, conversation) ? { userUnread: 0 } : { staffUnread: 0 };
      await db.update(chatConversations).set(side).where(eq(chatConversations.id, conversation.id));
      const rows = await db.select({ row: chatMessages, senderName: users.nickname }).from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId)).where(eq(chatMessages.conversationId, conversation.id))
        .orderBy(desc(chatMessages.id)).limit(CHAT_HISTORY);
      return rows.reverse().map(({ row, senderName }) => messageDto(row, senderName));
    },

    async send(caller, staff, content, conversationId) {
      return db.transaction(async (tx) => {
        let conversation = await target(tx, caller, staff, conversationId, true);
        const fromStaff = conversation ? !asUser(caller, conversation) : false;
        if (!conversation) {
          // The first message opens the user's conversation; a concurrent first message of the same user finds it made.
          await tx.insert(chatConversations).values({ userId: caller.userId, officeId: caller.officeId }).onConflictDoNothing();
          conversation = (await tx.select().from(chatConversations).where(eq(chatConversations.userId, caller.userId)).for('update'))[0]!;
        }
        if (fromStaff && conversation.state === 'closed') throw fieldError('conversationId', 'chatClosed');
        const [row] = await tx.insert(chatMessages).values({ conversationId: conversation.id, senderId: caller.userId, fromStaff, content }).returning();
        await tx.update(chatConversations).set({
          state: 'open', lastContent: content, lastAt: row!.createdAt,
          ...(fromStaff ? { userUnread: sql`${chatConversations.userUnread} + 1` } : { staffUnread: sql`${chatConversations.staffUnread} + 1` }),
        }).where(eq(chatConversations.id, conversation.id));
        return messageDto(row!, caller.nickname);
      });
    },

    async close(caller, staff, conversationId) {
      const conversation = await target(db, caller, staff, conversationId);
      if (conversation) await db.update(chatConversations).set({ state: 'closed' }).where(eq(chatConversations.id, conversation.id));
    },

    async conversations(caller, filter: ConversationFilter) {
      const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
      const { pageNo, pageSize, offset } = pageWindow(filter);
      const where = and(objectScope({ ...scope, own: false }, { officeId: chatConversations.officeId }),
        filter.state ? eq(chatConversations.state, filter.state) : undefined);
      const { rows, total } = await readPage(db, listKey('chatConversations', caller, { state: filter.state, offices: filter.searchOfficeIdArr }),
        () => db.select({ id: chatConversations.id }).from(chatConversations).where(where).$dynamic(),
        (extra) => db.select({ row: chatConversations, loginName: users.loginName, nickname: users.nickname, officeName: offices.name, ...extra })
          .from(chatConversations).innerJoin(users, eq(users.id, chatConversations.userId)).innerJoin(offices, eq(offices.id, chatConversations.officeId))
          .where(where).orderBy(asc(chatConversations.state), desc(chatConversations.lastAt), desc(chatConversations.id)).limit(pageSize).offset(offset));
      const list: ChatConversation[] = rows.map(({ row, loginName, nickname, officeName }) => ({
        id: row.id, userId: row.userId, loginName, nickname, officeName, state: row.state, unreadNum: row.staffUnread,
        lastContent: row.lastContent ?? undefined, lastTime: row.lastAt.toISOString(), createTime: row.createdAt.toISOString(),
      }));
      return { list, total, pageNo, pageSize };
    },
  };
}
