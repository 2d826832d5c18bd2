// Tells users' open pages that what they have unread changed: a `message` event with the new
// unread total (getMsgStatictics' unreadNum), sent after the commit of the change. A broadcast
// may reach a whole organisation, so the counts are read in the background, one user after the
// other, rather than holding the publisher's answer; a failure there is logged, and the pages
// read the right count at their next statistics call.
import type { FastifyInstance } from 'fastify';
import { publishUserEvent } from '../alarms/user-events.ts';
import type { Db } from '../db/client.ts';
import { unreadCount } from '../repositories/messages.ts';

export function announceUnread(server: FastifyInstance, db: Db, userIds: readonly string[]): void {
  void (async () => {
    for (const userId of userIds) publishUserEvent(server, userId, 'message', { unreadNum: await unreadCount(db, userId) });
  })().catch((error: unknown) => server.log.warn({ err: error }, 'message event not announced'));
}
