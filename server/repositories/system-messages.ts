// Broadcasts as administrators publish them (systemMessagePage/Add/Delete): a system notice or an
// announcement for every user of the sender's organisations, for one office's subtree, or for the
// holders of one role there. The audience never leaves the sender's organisations: an office
// outside them answers 10005, and "all" and role audiences are rooted at the sender's office.
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { messages, offices, roles, users } from '../db/schema/index.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { listKey, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';
import { escapeLike } from './scope.ts';

type Audience = 'all' | 'office' | 'role';

export interface SystemMessageInput {
  messageType: number;
  messageTitle: string;
  messageDepiction: string;
  audience: Audience;
  officeId?: string | undefined;
  roleKey?: string | undefined;
}

const sender = alias(users, 'sender');

/** Broadcasts sent to offices within the caller's office subtree. */
const ofCallerTree = (caller: AuthContext): SQL =>
  and(eq(messages.sendRange, 1), sql`starts_with(${offices.path}, ${caller.officePath})`)!;

const columns = {
  row: messages, officeName: offices.name, roleKey: roles.roleKey, roleName: roles.name, senderName: sender.nickname,
  readNum: sql<number>`(select count(*)::int from message_user_states s where s.message_id = ${messages.id} and s.read_at is not null)`,
};

const withNames = <T extends object>(db: Db, extra: T) => db.select({ ...columns, ...extra }).from(messages)
  .innerJoin(offices, eq(offices.id, messages.officeId)).leftJoin(roles, eq(roles.id, messages.roleId))
  .leftJoin(sender, eq(sender.id, messages.createdBy));

type Row = { row: typeof messages.$inferSelect; officeName: string; roleKey: string | null; roleName: string | null; senderName: string | null; readNum: number };

function systemMessageDto({ row, officeName, roleKey, roleName, senderName, readNum }: Row) {
  return {
    id: row.id, messageType: row.messageType as 1 | 2, messageTitle: row.title, messageDepiction: row.body,
    audience: (row.audience ?? 'office') as Audience, officeId: row.officeId ?? undefined, officeName,
    roleKey: roleKey ?? undefined, roleName: roleName ?? undefined, senderName: senderName ?? undefined,
    readNum: Number(readNum), sendTime: row.sendTime.toISOString(),
  };
}

export interface SystemMessageFilter extends PageRequest {
  messageType?: number | undefined;
  messageTitle?: string | undefined;
}

export async function pageSystemMessages(db: Db, caller: AuthContext, filter: SystemMessageFilter): Promise<Page<ReturnType<typeof systemMessageDto>>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const where = and(ofCallerTree(caller),
    filter.messageType ? eq(messages.messageType, filter.messageType) : undefined,
    filter.messageTitle ? ilike(messages.title, `%${escapeLike(filter.messageTitle)}%`) : undefined);
  const { rows, total } = await readPage(db, listKey('systemMessages', caller, { ...filter, pageNo: undefined, pageSize: undefined }),
    () => db.select({ id: messages.id }).from(messages).innerJoin(offices, eq(offices.id, messages.officeId)).where(where).$dynamic(),
    (extra) => withNames(db, extra).where(where).orderBy(desc(messages.sendTime), desc(messages.id)).limit(pageSize).offset(offset));
  return { list: rows.map(systemMessageDto), total, pageNo, pageSize };
}

/** Publishes the broadcast to the users of its audience who exist now. */
export async function publishSystemMessage(db: Db, caller: AuthContext, input: SystemMessageInput) {
  // The entity's conditions (system-message.schema.json allOf): the body's schema holds only its properties.
  if (input.audience === 'office' && !input.officeId) throw fieldError('officeId', 'required');
  if (input.audience === 'role' && !input.roleKey) throw fieldError('roleKey', 'required');
  // An office named at all must be one of the caller's organisations, whatever the audience.
  let chosenOffice: string | undefined;
  if (input.officeId) {
    const [office] = await db.select({ id: offices.id, path: offices.path }).from(offices).where(eq(offices.id, input.officeId));
    if (!office || !office.path.startsWith(caller.officePath)) throw notFoundOrForbidden();
    chosenOffice = office.id;
  }
  let roleId: number | null = null;
  if (input.audience === 'role') {
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, input.roleKey!));
    if (!role) throw fieldError('roleKey', 'exists');
    roleId = role.id;
  }
  const officeId = input.audience === 'office' ? chosenOffice! : caller.officeId;
  const [created] = await db.insert(messages).values({
    messageType: input.messageType, sendRange: 1, title: input.messageTitle, body: input.messageDepiction,
    audience: input.audience, officeId, roleId, createdBy: caller.userId,
  }).returning({ id: messages.id });
  const [row] = await withNames(db, {}).where(eq(messages.id, created!.id));
  return systemMessageDto(row!);
}

/** The users a broadcast reaches: those of its audience whose accounts existed when it was sent. */
export async function recipientsOf(db: Db, messageId: number): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).innerJoin(offices, eq(offices.id, users.officeId))
    .where(sql`exists (select 1 from messages m join offices sent_to on sent_to.id = m.office_id where m.id = ${messageId}
      and starts_with(${offices.path}, sent_to.path) and (m.role_id is null or m.role_id = ${users.roleId}) and ${users.createdAt} <= m.send_time)`);
  return rows.map((r) => r.id);
}

/** Withdraws a broadcast of the caller's organisations from every recipient; answers who had it. */
export async function deleteSystemMessage(db: Db, caller: AuthContext, id: number): Promise<string[]> {
  const [found] = await db.select({ id: messages.id }).from(messages).innerJoin(offices, eq(offices.id, messages.officeId))
    .where(and(eq(messages.id, id), ofCallerTree(caller)));
  if (!found) throw notFoundOrForbidden();
  const recipients = await recipientsOf(db, id);
  await db.delete(messages).where(eq(messages.id, id));
  return recipients;
}
