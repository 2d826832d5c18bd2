// The support chat (openapi/paths/chat.yaml), through the provider interface. Staff are the
// holders of system:chat:reply; the provider limits them to their organisations' conversations.
// getChatInfo is what the widget polls: a provider failure there is logged and answered as
// `available: false`, so that the page carries on without the chat (000 section 4).
import { hasAnyPermission } from '../../src/lib/permissions.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { builtinChatProvider } from '../services/chat/builtin.ts';
import { defineHandlers } from './types.ts';

export const CHAT_STAFF_PERMISSION = 'system:chat:reply';

const isStaff = (user: AuthContext) => hasAnyPermission(user.permissions, [CHAT_STAFF_PERMISSION]);

export const chatHandlers = defineHandlers({
  async getChatInfo({ db, user, request }) {
    try {
      return { available: true, ...(await builtinChatProvider(db).info(user)) };
    } catch (error) {
      request.log.error({ err: error }, 'chat provider failed');
      return { available: false, state: 'none' as const, unreadNum: 0 };
    }
  },
  getChatMessages: ({ db, user, query }) => builtinChatProvider(db).messages(user, isStaff(user), query.conversationId),
  sendChatMessage: ({ db, user, body }) => builtinChatProvider(db).send(user, isStaff(user), body.content, body.conversationId),
  async closeChat({ db, user, body }) {
    await builtinChatProvider(db).close(user, isStaff(user), body?.conversationId);
    return null;
  },
  chatConversationPage: ({ db, user, query }) => builtinChatProvider(db).conversations(user, query),
});
