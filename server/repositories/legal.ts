// The latest published user agreement and privacy policy, in the reader's language when there
// is a translation of that version and in English otherwise.
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { legalDocuments } from '../db/schema/index.ts';

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
