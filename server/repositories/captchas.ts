// Image captchas: the answer is kept hashed for two minutes and answers one check.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client.ts';
import { captchas } from '../db/schema/index.ts';
import { fieldError } from '../errors.ts';
import { CAPTCHA_TTL_S, hashCaptchaAnswer, sameHash } from '../domain/codes/codes.ts';

export async function createCaptcha(db: Db): Promise<{ captchaId: string; image: string }> {
  const captchaId = randomBytes(16).toString('base64url');
  // Characters people confuse (0/o, 1/i/l) are left out: the answer is compared case-insensitively.
  const { text, data } = svgCaptcha.create({ size: 4, noise: 3, color: true, background: '#f4f6fa', ignoreChars: '0oO1iIlL' });
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  await db.insert(captchas).values({ id: captchaId, answerHash: hashCaptchaAnswer(captchaId, text), expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_S})` });
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/**
 * One check per captcha, right or wrong: it is used up before the answer is compared.
 * `answerField` is the name the caller's operation gives the answer (login sends it as `code`).
 */
export async function checkCaptcha(db: Db, captchaId: string, answer: string, answerField = 'answer'): Promise<void> {
  const [row] = await db.update(captchas).set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), sql`${captchas.expiresAt} > now()`))
    .returning({ answerHash: captchas.answerHash });
  if (!row) throw fieldError('captchaId', 'captchaExpired');
  if (!sameHash(row.answerHash, hashCaptchaAnswer(captchaId, answer))) throw fieldError(answerField, 'captchaWrong');
}
