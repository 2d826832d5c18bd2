// Feedback (openapi/paths/feedback.yaml): users send it with one or more of the seeded types;
// support staff of the sender's organisations read and answer it, and the answer reaches the
// sender as a private message written in the same transaction, in the sender's language.
import { and, desc, eq, exists, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { feedback, feedbackTypeLinks, feedbackTypes, offices, users } from '../db/schema/index.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import { translate } from '../i18n/messages.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { sendPrivateMessage } from '../services/messages.ts';
import { listKey, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';
import { escapeLike, objectScope, resolveScope, callerScope, type Scope } from './scope.ts';

const typeName = (lang: string) => (lang.startsWith('zh') ? feedbackTypes.nameZh : feedbackTypes.nameEn);

export async function feedbackTypeList(db: Db, lang: string) {
  return db.select({ id: feedbackTypes.id, name: typeName(lang) }).from(feedbackTypes).orderBy(feedbackTypes.sort, feedbackTypes.id);
}

export interface FeedbackInput {
  userName: string;
  emailOrMobile: string;
  typeIds: string;
  advice: string;
}

const answerer = alias(users, 'answerer');
const sender = alias(users, 'feedback_sender');

const feedbackColumns = {
  row: feedback, loginName: sender.loginName, officeName: offices.name, answerByName: answerer.nickname,
};

type Row = { row: typeof feedback.$inferSelect; loginName: string; officeName: string; answerByName: string | null };

async function typeNamesOf(db: Db, ids: number[], lang: string): Promise<Map<number, { ids: number[]; names: string[] }>> {
  const links = ids.length ? await db.select({ feedbackId: feedbackTypeLinks.feedbackId, id: feedbackTypes.id, name: typeName(lang) })
    .from(feedbackTypeLinks).innerJoin(feedbackTypes, eq(feedbackTypes.id, feedbackTypeLinks.typeId))
    .where(inArray(feedbackTypeLinks.feedbackId, ids)).orderBy(feedbackTypes.sort, feedbackTypes.id) : [];
  const byFeedback = new Map<number, { ids: number[]; names: string[] }>();
  for (const link of links) {
    const entry = byFeedback.get(link.feedbackId) ?? { ids: [], names: [] };
    entry.ids.push(link.id);
    entry.names.push(link.name);
    byFeedback.set(link.feedbackId, entry);
  }
  return byFeedback;
}

async function feedbackDtos(db: Db, rows: Row[], lang: string) {
  const types = await typeNamesOf(db, rows.map((r) => r.row.id), lang);
  return rows.map(({ row, loginName, officeName, answerByName }) => ({
    id: row.id, userId: row.userId, loginName, officeName, userName: row.userName, emailOrMobile: row.emailOrMobile,
    typeIds: (types.get(row.id)?.ids ?? []).join(','), typeNames: types.get(row.id)?.names ?? [], advice: row.advice,
    status: (row.answeredAt ? 1 : 0) as 0 | 1, answer: row.answer ?? undefined, answerByName: answerByName ?? undefined,
    answerTime: row.answeredAt?.toISOString(), createTime: row.createdAt.toISOString(),
  }));
}
export type FeedbackDto = Awaited<ReturnType<typeof feedbackDtos>>[number];

const withNames = <T extends object>(db: Db, extra: T) => db.select({ ...feedbackColumns, ...extra }).from(feedback)
  .innerJoin(sender, eq(sender.id, feedback.userId)).innerJoin(offices, eq(offices.id, feedback.officeId))
  .leftJoin(answerer, eq(answerer.id, feedback.answeredBy));

async function oneFeedback(db: Db, id: number, lang: string): Promise<FeedbackDto> {
  const rows = await withNames(db, {}).where(eq(feedback.id, id));
  return (await feedbackDtos(db, rows, lang))[0]!;
}

/** Stores the caller's feedback; every type id must be a seeded type, else 10003 on typeIds. */
export async function addFeedback(db: Db, caller: AuthContext, input: FeedbackInput, lang: string): Promise<FeedbackDto> {
  // Strings arrive trimmed (server/contract/normalise-input.ts), multi-line text with its inner line breaks.
  const values = { userName: input.userName, emailOrMobile: input.emailOrMobile, advice: input.advice };
  const typeIds = [...new Set(input.typeIds.split(',').map(Number))];
  const known = await db.select({ id: feedbackTypes.id }).from(feedbackTypes).where(inArray(feedbackTypes.id, typeIds));
  if (known.length !== typeIds.length) throw fieldError('typeIds', 'exists');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(feedback).values({ ...values, userId: caller.userId, officeId: caller.officeId }).returning({ id: feedback.id });
    await tx.insert(feedbackTypeLinks).values(typeIds.map((typeId) => ({ feedbackId: row!.id, typeId })));
    return row!.id;
  });
  return oneFeedback(db, id, lang);
}

/** Feedback in the scope: sent from its offices (the sender's office when it was sent). */
const feedbackScope = (scope: Scope) => objectScope(scope, { officeId: feedback.officeId });

export interface FeedbackFilter extends PageRequest {
  searchOfficeIdArr?: string | undefined;
  typeId?: number | undefined;
  status?: number | undefined;
  keyword?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

const qb = new QueryBuilder();

function filterCondition(filter: FeedbackFilter): SQL | undefined {
  if (filter.startDate && filter.endDate && filter.endDate < filter.startDate) throw fieldError('endDate', 'notBefore', { other: 'startDate' });
  const like = (value: string) => `%${escapeLike(value)}%`;
  return and(
    filter.typeId !== undefined ? exists(qb.select({ one: sql`1` }).from(feedbackTypeLinks)
      .where(and(eq(feedbackTypeLinks.feedbackId, feedback.id), eq(feedbackTypeLinks.typeId, filter.typeId)))) : undefined,
    filter.status === undefined ? undefined : filter.status ? isNotNull(feedback.answeredAt) : isNull(feedback.answeredAt),
    filter.keyword ? or(ilike(feedback.userName, like(filter.keyword)), ilike(feedback.emailOrMobile, like(filter.keyword)),
      ilike(sender.loginName, like(filter.keyword)), ilike(feedback.advice, like(filter.keyword))) : undefined,
    filter.startDate ? gte(feedback.createdAt, sql`${filter.startDate}::date`) : undefined,
    filter.endDate ? lt(feedback.createdAt, sql`(${filter.endDate}::date + 1)`) : undefined,
  );
}

export async function pageFeedback(db: Db, caller: AuthContext, filter: FeedbackFilter, lang: string): Promise<Page<FeedbackDto>> {
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const where = and(feedbackScope(scope), filterCondition(filter));
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, listKey('feedback', caller, criteria),
    () => db.select({ id: feedback.id }).from(feedback).innerJoin(sender, eq(sender.id, feedback.userId)).where(where).$dynamic(),
    (extra) => withNames(db, extra).where(where).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(pageSize).offset(offset));
  return { list: await feedbackDtos(db, rows, lang), total, pageNo, pageSize };
}

/**
 * Answers feedback of the caller's organisations once: the answer, who and when are stored and
 * the sender gets it as a private message, all in one transaction. Answers the feedback and the
 * recipient, whose open pages hear of the new message.
 */
export async function answerFeedback(db: Db, caller: AuthContext, id: number, answer: string, lang: string): Promise<{ feedback: FeedbackDto; recipient: string }> {
  const recipient = await db.transaction(async (tx) => {
    const [found] = await tx.select({ row: feedback, lang: users.lang }).from(feedback).innerJoin(users, eq(users.id, feedback.userId))
      .where(and(eq(feedback.id, id), feedbackScope(callerScope(caller)))).for('update', { of: feedback });
    if (!found) throw notFoundOrForbidden();
    if (found.row.answeredAt) throw fieldError('answer', 'feedbackAnswered');
    const messageId = await sendPrivateMessage(tx, {
      userId: found.row.userId,
      title: translate(found.lang, 'feedback.answerTitle'),
      body: translate(found.lang, 'feedback.answerBody', { advice: found.row.advice, answer }),
    });
    await tx.update(feedback).set({ answer, answeredBy: caller.userId, answeredAt: new Date(), messageId }).where(eq(feedback.id, id));
    return found.row.userId;
  });
  return { feedback: await oneFeedback(db, id, lang), recipient };
}
