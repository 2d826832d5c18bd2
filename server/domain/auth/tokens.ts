// Opaque tokens: 256 random bits from the CSPRNG; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const ACCESS_TTL_S = 2 * 3600;
export const REFRESH_TTL_S = 7 * 24 * 3600;
export const REMEMBER_REFRESH_TTL_S = 15 * 24 * 3600;
export const SESSION_ABSOLUTE_TTL_S = 30 * 24 * 3600;

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
