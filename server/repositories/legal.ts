// The latest published user agreement and privacy policy, in the reader's language when there
// is a translation of that version and in English otherwise; and, for administrators, every
// version with publishing of new ones.
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { legalDocuments } from '../db/schema/index.ts';
import { textToHtml } from '../domain/legal/text-to-html.ts';
import { fieldError } from '../errors.ts';
import { pageWindow, readPage, type Page, type PageRequest } from './paging.ts';

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

// ---- administration: every version, and publishing a new one

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

function adminDto(row: typeof legalDocuments.$inferSelect & { current: boolean }) {
  return {
    id: row.id, kind: row.kind, language: row.lang as 'en' | 'zh-CN', version: row.version, title: row.title, content: row.content,
    publishTime: row.publishedAt.toISOString(), current: row.current,
  };
}

export async function pageLegalDocuments(db: Db, filter: LegalFilter): Promise<Page<ReturnType<typeof adminDto>>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const condition = and(filter.kind ? eq(legalDocuments.kind, filter.kind) : undefined, filter.language ? eq(legalDocuments.lang, filter.language) : undefined);
  const { pageNo: _p, pageSize: _s, ...criteria } = filter;
  const { rows, total } = await readPage(db, `legal:${JSON.stringify(criteria)}`,
    () => db.select({ id: legalDocuments.id }).from(legalDocuments).where(condition).$dynamic(),
    (extra) => db.select({ row: legalDocuments, current: sql<boolean>`${legalDocuments.id} in ${currentIds}`, ...extra }).from(legalDocuments).where(condition)
      .orderBy(desc(legalDocuments.publishedAt), desc(legalDocuments.id)).limit(pageSize).offset(offset));
  return { list: rows.map((r) => adminDto({ ...r.row, current: r.current })), total, pageNo, pageSize };
}

/** Stores a new version; a version already used for the document and language is refused. */
export async function publishLegalDocument(db: Db, input: LegalInput, now = new Date()) {
  const publishedAt = input.publish === 'now' ? now : new Date(input.publishTime!);
  if (input.publish === 'scheduled' && publishedAt <= now) throw fieldError('publishTime', 'future');
  const [row] = await db.insert(legalDocuments).values({
    kind: input.kind, lang: input.language, version: input.version, title: input.title, content: textToHtml(input.content), publishedAt,
  }).onConflictDoNothing().returning();
  if (!row) throw fieldError('version', 'unique', { value: input.version });
  const [current] = await db.select({ current: sql<boolean>`${row.id} in ${currentIds}` }).from(legalDocuments).where(eq(legalDocuments.id, row.id));
  return adminDto({ ...row, current: current!.current });
}
