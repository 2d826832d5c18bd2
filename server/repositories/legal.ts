// The latest published user agreement and privacy policy, in the reader's language when there
// is a translation of that version and in English otherwise; and, for administrators, every
// version with publishing of new ones, and changing or withdrawing a version users have not yet
// been able to see (one that has been in force may have been accepted, so it stays as it was).
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { legalDocuments } from '../db/schema/index.ts';
import { htmlToText } from '../domain/legal/html-to-text.ts';
import { textToHtml } from '../domain/legal/text-to-html.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import { isUniqueViolation, pageWindow, readPage, type Page, type PageRequest } from './paging.ts';

type Kind = 'protocol' | 'policy';

async function latest(db: Db, kind: Kind, lang: string) {
  const rows = await db.select().from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), inArray(legalDocuments.lang, [lang, 'en']), lte(legalDocuments.publishedAt, sql`now()`)))
    .orderBy(desc(legalDocuments.publishedAt), sql`${legalDocuments.lang} = ${lang} desc`)
    .limit(1);
  return rows[0];
}

function dto(row: typeof legalDocuments.$inferSelect) {
  return { id: row.id, version: row.version, title: row.title, content: row.content, publishTime: row.publishedAt.toISOString() };
}

export async function latestLegalDocuments(db: Db, lang: string) {
  const [protocol, policy] = [await latest(db, 'protocol', lang), await latest(db, 'policy', lang)];
  if (!protocol || !policy) return undefined;
  return { protocol: dto(protocol), policy: dto(policy) };
}

/** The versions a user accepts now, as registration records them. */
export async function currentLegalVersions(db: Db): Promise<{ agreementVersion: string | null; policyVersion: string | null }> {
  const [protocol, policy] = [await latest(db, 'protocol', 'en'), await latest(db, 'policy', 'en')];
  return { agreementVersion: protocol?.version ?? null, policyVersion: policy?.version ?? null };
}

// ---- administration: every version, publishing a new one, and editing or deleting one not yet published

export interface LegalFilter extends PageRequest {
  kind?: Kind | undefined;
  language?: 'en' | 'zh-CN' | undefined;
}

export interface LegalInput {
  kind: Kind;
  language: 'en' | 'zh-CN';
  version: string;
  title: string;
  content: string;
  publish: 'now' | 'scheduled';
  publishTime?: string | undefined;
}

/** Per document and language, the id of the version users see now (newest published by now). */
const currentIds = sql`(select distinct on (kind, lang) id from ${legalDocuments} where published_at <= now() order by kind, lang, published_at desc, id desc)`;

type Row = typeof legalDocuments.$inferSelect;

/** Published by `now`: users have been able to see (and accept) it, whether or not it is still in force. */
const published = (row: Row, now: Date) => row.publishedAt <= now;

function adminDto(row: Row & { current: boolean }, now = new Date()) {
  return {
    id: row.id, kind: row.kind, language: row.lang as 'en' | 'zh-CN', version: row.version, title: row.title, content: row.content,
    publishTime: row.publishedAt.toISOString(), current: row.current, editable: !published(row, now),
  };
}

export async function pageLegalDocuments(db: Db, filter: LegalFilter): Promise<Page<ReturnType<typeof adminDto>>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const condition = and(filter.kind ? eq(legalDocuments.kind, filter.kind) : undefined, filter.language ? eq(legalDocuments.lang, filter.language) : undefined);
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const now = new Date();
  const { rows, total } = await readPage(db, `legal:${JSON.stringify(criteria)}`,
    () => db.select({ id: legalDocuments.id }).from(legalDocuments).where(condition).$dynamic(),
    (extra) => db.select({ row: legalDocuments, current: sql<boolean>`${legalDocuments.id} in ${currentIds}`, ...extra }).from(legalDocuments).where(condition)
      .orderBy(desc(legalDocuments.publishedAt), desc(legalDocuments.id)).limit(pageSize).offset(offset));
  return { list: rows.map((r) => adminDto({ ...r.row, current: r.current }, now)), total, pageNo, pageSize };
}

/** The stored columns of a version as written: its text escaped into HTML here and only here. */
function columns(input: LegalInput, now: Date) {
  const publishedAt = input.publish === 'now' ? now : new Date(input.publishTime!);
  if (input.publish === 'scheduled' && publishedAt <= now) throw fieldError('publishTime', 'future');
  return { kind: input.kind, lang: input.language, version: input.version, title: input.title, content: textToHtml(input.content), publishedAt };
}

async function withCurrent(db: Db, row: Row, now: Date) {
  const [current] = await db.select({ current: sql<boolean>`${row.id} in ${currentIds}` }).from(legalDocuments).where(eq(legalDocuments.id, row.id));
  return adminDto({ ...row, current: current!.current }, now);
}

/** Stores a new version; a version already used for the document and language is refused. */
export async function publishLegalDocument(db: Db, input: LegalInput, now = new Date()) {
  const [row] = await db.insert(legalDocuments).values(columns(input, now)).onConflictDoNothing().returning();
  if (!row) throw fieldError('version', 'unique', { value: input.version });
  return withCurrent(db, row, now);
}

/**
 * One version as its edit form reads it: the text as written (not the stored HTML, which saving
 * would escape a second time), and `publish` scheduled while it waits for its time.
 */
export async function legalDocumentDetail(db: Db, id: number, now = new Date()) {
  const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.id, id));
  if (!row) throw notFoundOrForbidden();
  const dto = await withCurrent(db, row, now);
  return { ...dto, content: htmlToText(row.content), ...(dto.editable ? { publish: 'scheduled' as const } : {}) };
}

/** The version, locked for the change; refused once published (in force now or before). */
async function unpublished(tx: Tx, id: number, now: Date) {
  const [row] = await tx.select().from(legalDocuments).where(eq(legalDocuments.id, id)).for('update');
  if (!row) throw notFoundOrForbidden();
  if (published(row, now)) throw fieldError('version', 'legalPublished', { value: row.version });
  return row;
}

/** Rewrites a scheduled version (any field, its time included); the version stays unique per document and language. */
export async function editLegalDocument(db: Db, input: LegalInput & { id: number }, now = new Date()) {
  const row = await db.transaction(async (tx) => {
    await unpublished(tx, input.id, now);
    try {
      const [updated] = await tx.update(legalDocuments).set(columns(input, now)).where(eq(legalDocuments.id, input.id)).returning();
      return updated!;
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('version', 'unique', { value: input.version });
      throw error;
    }
  });
  return withCurrent(db, row, now);
}

/** Withdraws a scheduled version before anyone could see it. */
export async function deleteLegalDocument(db: Db, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await unpublished(tx, id, now);
    await tx.delete(legalDocuments).where(eq(legalDocuments.id, id));
  });
}
