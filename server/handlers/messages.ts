// The message centre (openapi/paths/messages.yaml): every user's groups, lists, counts and marks,
// and the administrators' broadcasts. Every change of what a user has unread is announced to the
// user's open pages as a `message` event (server/services/message-events.ts).
import {
  markMessages, messageStatistics, pageGroupMessages, pagePrivateMessages, parseIds, privateMessageDetail,
} from '../repositories/messages.ts';
import { deleteSystemMessage, pageSystemMessages, publishSystemMessage, recipientsOf } from '../repositories/system-messages.ts';
import { announceUnread } from '../services/message-events.ts';
import { defineHandlers } from './types.ts';

export const messageHandlers = defineHandlers({
  getCombinationInfo: ({ db, user, query }) => pageGroupMessages(db, user.userId, query),
  getPrivateMsgList: ({ db, user, query }) => pagePrivateMessages(db, user.userId, query),
  getMsgStatictics: ({ db, user }) => messageStatistics(db, user.userId),
  async getPrivateMsgDetail({ db, user, query, request }) {
    const message = await privateMessageDetail(db, user.userId, query.id);
    announceUnread(request.server, db, [user.userId]);
    return message;
  },
  async markGroupMsgAsReadOrDel({ db, user, query, request }) {
    await markMessages(db, user.userId, query.action, 'broadcast', query.messageType, parseIds(query.ids));
    announceUnread(request.server, db, [user.userId]);
    return null;
  },
  async markPrivateMsgAsReadOrDel({ db, user, query, request }) {
    await markMessages(db, user.userId, query.action, 'private', undefined, parseIds(query.ids));
    announceUnread(request.server, db, [user.userId]);
    return null;
  },
  systemMessagePage: ({ db, user, query }) => pageSystemMessages(db, user, query),
  async systemMessageAdd({ db, user, body, request }) {
    const message = await publishSystemMessage(db, user, body);
    announceUnread(request.server, db, await recipientsOf(db, message.id));
    return message;
  },
  async systemMessageDelete({ db, user, body, request }) {
    // Who had it is read before it goes: their counts drop with it.
    const recipients = await deleteSystemMessage(db, user, body.id);
    announceUnread(request.server, db, recipients);
    return null;
  },
});
