// Secrets the server must read back (API clients' HMAC keys) are kept sealed with AES-256-GCM.
// The key comes from APP_SECRET; without it, a random key is created once under DATA_DIR so
// that the embedded mode works out of the box and survives restarts.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
export const MIN_APP_SECRET_LENGTH = 32;
export const KEY_FILE = 'secret.key';

/**
 * Seals `plaintext`; `context` (e.g. the client id) is authenticated but not stored, so a sealed
 * value copied onto another row does not open there.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Opens a sealed value; throws when it was altered, sealed under another key or for another context. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new Error('secret-box: unknown format');
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('secret-box: truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** APP_SECRET may be any long string; HKDF turns it into a key reserved for this purpose. */
export function keyFromAppSecret(appSecret: string): Buffer {
  if (appSecret.length < MIN_APP_SECRET_LENGTH) {
    throw new Error(`APP_SECRET must be at least ${MIN_APP_SECRET_LENGTH} characters (e.g. \`openssl rand -hex 32\`)`);
  }
  return Buffer.from(hkdfSync('sha256', appSecret, 'solar-portal', 'secret-box/v1', KEY_BYTES));
}

/** Reads `<dataDir>/secret.key`, creating it (mode 0600) on first use; concurrent starters agree on one file. */
export function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} must hold 64 hexadecimal characters (a 32-byte key)`);
  return Buffer.from(hex, 'hex');
}

const cache = new Map<string, Buffer>();
/** In-memory databases vanish with the process, and so may their key. */
let processKey: Buffer | undefined;

/** The sealing key of this installation (memoised: handlers call it per request). */
export function secretKeyOf(config: Pick<Config, 'appSecret' | 'dataDir' | 'inMemoryDb'>): Buffer {
  if (config.appSecret) {
    const id = `secret:${config.appSecret}`;
    if (!cache.has(id)) cache.set(id, keyFromAppSecret(config.appSecret));
    return cache.get(id)!;
  }
  if (config.inMemoryDb) return (processKey ??= randomBytes(KEY_BYTES));
  const id = `file:${path.resolve(config.dataDir)}`;
  if (!cache.has(id)) cache.set(id, keyFromFile(config.dataDir));
  return cache.get(id)!;
}
