// The outbox: every SMS and e-mail the portal sends, kept for the mailbox screen.
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import type { CodePurpose } from '../domain/codes/codes.ts';
import { pageWindow, readPage, type Page, type PageRequest } from './paging.ts';

/** A code's purpose or a notice's kind (schemas/entities/outbox-message.schema.json). */
export type MessagePurpose = CodePurpose | 'loginLocked' | 'plantShare' | 'alarmNotice';

export interface OutboxInput {
  channel: 'sms' | 'email';
  target: string;
  subject: string;
  body: string;
  purpose: MessagePurpose;
}

export async function addOutboxMessage(db: Db, message: OutboxInput): Promise<number> {
  const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
  return row!.id;
}

export async function markOutboxSent(db: Db, id: number): Promise<void> {
  await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, id));
}

export async function markOutboxFailed(db: Db, id: number, error: string): Promise<void> {
  await db.update(outbox).set({ error: error.slice(0, 1000) }).where(eq(outbox.id, id));
}

export interface OutboxFilter extends PageRequest {
  channel?: 'sms' | 'email' | undefined;
  target?: string | undefined;
  purpose?: MessagePurpose | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function toDto(row: typeof outbox.$inferSelect) {
  return {
    id: row.id,
    channel: row.channel,
    target: row.target,
    subject: row.subject,
    body: row.body,
    ...(row.purpose ? { purpose: row.purpose as MessagePurpose } : {}),
    createTime: row.createdAt.toISOString(),
    ...(row.sentAt ? { sentTime: row.sentAt.toISOString() } : {}),
    ...(row.error ? { error: row.error } : {}),
  };
}

export async function pageOutbox(db: Db, filter: OutboxFilter): Promise<Page<ReturnType<typeof toDto>>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const target = filter.target?.trim();
  const condition: SQL | undefined = and(
    filter.channel ? eq(outbox.channel, filter.channel) : undefined,
    filter.purpose ? eq(outbox.purpose, filter.purpose) : undefined,
    target ? ilike(outbox.target, `%${escapeLike(target)}%`) : undefined,
  );
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, `outbox:${JSON.stringify(criteria)}`,
    () => db.select({ id: outbox.id }).from(outbox).where(condition).$dynamic(),
    (extra) => db.select({ row: outbox, ...extra }).from(outbox).where(condition).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(pageSize).offset(offset));
  return { list: rows.map((r) => toDto(r.row)), total, pageNo, pageSize };
}
