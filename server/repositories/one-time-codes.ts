// One-time codes that carry a signed-in user to another web (the old portal, the service web):
// random, valid once for 60 seconds, stored only as hashes.
import type { Db } from '../db/client.ts';
import { oneTimeCodes } from '../db/schema/index.ts';
import { hashToken, newToken } from '../domain/auth/tokens.ts';

export const ONE_TIME_CODE_TTL_S = 60;

export async function issueOneTimeCode(db: Db, userId: string, purpose: string): Promise<string> {
  const code = newToken();
  await db.insert(oneTimeCodes).values({ codeHash: hashToken(code), userId, purpose, expiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_S * 1000) });
  return code;
}
