// The message centre (openapi/paths/messages.yaml): every user's groups, lists, counts and marks,
// and the administrators' broadcasts.
import {
  markMessages, messageStatistics, pageGroupMessages, pagePrivateMessages, parseIds, privateMessageDetail,
} from '../repositories/messages.ts';
import { deleteSystemMessage, pageSystemMessages, publishSystemMessage } from '../repositories/system-messages.ts';
import { defineHandlers } from './types.ts';

export const messageHandlers = defineHandlers({
  getCombinationInfo: ({ db, user, query }) => pageGroupMessages(db, user.userId, query),
  getPrivateMsgList: ({ db, user, query }) => pagePrivateMessages(db, user.userId, query),
  getMsgStatictics: ({ db, user }) => messageStatistics(db, user.userId),
  getPrivateMsgDetail: ({ db, user, query }) => privateMessageDetail(db, user.userId, query.id),
  async markGroupMsgAsReadOrDel({ db, user, query }) {
    await markMessages(db, user.userId, query.action, 'broadcast', query.messageType, parseIds(query.ids));
    return null;
  },
  async markPrivateMsgAsReadOrDel({ db, user, query }) {
    await markMessages(db, user.userId, query.action, 'private', undefined, parseIds(query.ids));
    return null;
  },
  systemMessagePage: ({ db, user, query }) => pageSystemMessages(db, user, query),
  systemMessageAdd: ({ db, user, body }) => publishSystemMessage(db, user, body),
  async systemMessageDelete({ db, user, body }) {
    await deleteSystemMessage(db, user, body.id);
    return null;
  },
});
