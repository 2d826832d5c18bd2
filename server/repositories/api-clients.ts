// API clients (API information): issued to an office, listed and revoked within the caller's
// office subtree, and looked up by the signature check for their signing secret.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiClients, offices, users } from '../db/schema/index.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import { open, seal } from '../domain/auth/secret-box.ts';

export const MAX_CLIENTS_PER_OFFICE = 20;

export interface ApiClientView {
  clientId: string;
  apiName: string;
  officeId: string;
  officeName: string;
  createBy?: string;
  createTime: string;
}

/** A public id that can never be `web`; 96 random bits keep ids unguessable, though they are not secret. */
const newClientId = () => `api_${randomBytes(12).toString('hex')}`;
/** 256 bits, the HMAC-SHA256 key the client signs with. */
const newSecret = () => randomBytes(32).toString('base64url');

const inSubtree = (officePath: string) => like(offices.path, `${officePath}%`);
const live = isNull(apiClients.revokedAt);

/** The live clients of every office in the subtree, newest first; never the secret. */
export async function listApiClients(db: Db, officePath: string): Promise<ApiClientView[]> {
  const rows = await db
    .select({ clientId: apiClients.clientId, apiName: apiClients.name, officeId: apiClients.officeId, officeName: offices.name,
      createBy: users.loginName, createdAt: apiClients.createdAt })
    .from(apiClients)
    .innerJoin(offices, eq(offices.id, apiClients.officeId))
    .leftJoin(users, eq(users.id, apiClients.createdBy))
    .where(and(live, inSubtree(officePath)))
    .orderBy(desc(apiClients.createdAt), apiClients.clientId);
  return rows.map(({ createBy, createdAt, ...row }) => ({ ...row, ...(createBy ? { createBy } : {}), createTime: createdAt.toISOString() }));
}

/** Issues a client of `officeId`; the answer is the only place its secret ever appears in the clear. */
export async function createApiClient(db: Db, key: Buffer, input: { apiName: string; officeId: string; createdBy: string }) {
  const clientId = newClientId();
  const clientSecret = newSecret();
  const { apiName } = input;
  const createdAt = await db.transaction(async (tx) => {
    // Serialises additions per office, so that the name and count checks below hold under concurrency.
    await tx.select({ id: offices.id }).from(offices).where(eq(offices.id, input.officeId)).for('update');
    const existing = await tx.select({ name: apiClients.name }).from(apiClients).where(and(live, eq(apiClients.officeId, input.officeId)));
    if (existing.some((c) => c.name.toLowerCase() === apiName.toLowerCase())) throw fieldError('apiName', 'unique', { value: apiName });
    if (existing.length >= MAX_CLIENTS_PER_OFFICE) throw fieldError('apiName', 'apiClientLimit', { limit: MAX_CLIENTS_PER_OFFICE });
    const [row] = await tx.insert(apiClients)
      .values({ clientId, name: apiName, officeId: input.officeId, secretEncrypted: seal(key, clientSecret, clientId), createdBy: input.createdBy })
      .returning({ createdAt: apiClients.createdAt });
    return row!.createdAt;
  });
  return { clientId, clientSecret, apiName, officeId: input.officeId, createTime: createdAt.toISOString() };
}

/** Revokes at once: the next signed call of the client is refused. Outside the subtree (or unknown): 10005. */
export async function revokeApiClient(db: Db, clientId: string, officePath: string): Promise<void> {
  const revoked = await db.update(apiClients).set({ revokedAt: sql`now()` })
    .where(and(eq(apiClients.clientId, clientId), live,
      sql`exists (select 1 from ${offices} where ${offices.id} = ${apiClients.officeId} and ${offices.path} like ${`${officePath}%`})`))
    .returning({ clientId: apiClients.clientId });
  if (revoked.length === 0) throw notFoundOrForbidden();
}

/** The signing key of a live client, or undefined when it is unknown or revoked. */
export async function apiClientKey(db: Db, key: Buffer, clientId: string): Promise<string | undefined> {
  const [row] = await db.select({ secretEncrypted: apiClients.secretEncrypted }).from(apiClients)
    .where(and(eq(apiClients.clientId, clientId), live));
  return row ? open(key, row.secretEncrypted, clientId) : undefined;
}
