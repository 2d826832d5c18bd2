import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_FILE, keyFromAppSecret, keyFromFile, open, seal, secretKeyOf } from './secret-box.ts';

const key = randomBytes(32);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('seal and open', () => {
  it('round-trips, with a fresh IV each time and without the plaintext in the sealed text', () => {
    const a = seal(key, 'the-secret-value', 'client-1');
    const b = seal(key, 'the-secret-value', 'client-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('the-secret-value');
    expect(open(key, a, 'client-1')).toBe('the-secret-value');
    expect(open(key, b, 'client-1')).toBe('the-secret-value');
  });

  it('refuses another key, another context, an altered or malformed value', () => {
    const sealed = seal(key, 'the-secret-value', 'client-1');
    expect(() => open(randomBytes(32), sealed, 'client-1')).toThrow();
    expect(() => open(key, sealed, 'client-2')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => open(key, `v1.${raw.toString('base64url')}`, 'client-1')).toThrow();
    expect(() => open(key, 'v2.abc', 'client-1')).toThrow(/unknown format/);
    expect(() => open(key, 'v1.abc', 'client-1')).toThrow(/truncated/);
  });
});

describe('keys', () => {
  it('derives a stable 32-byte key from APP_SECRET and refuses a short one', () => {
    const secret = 'a'.repeat(40);
    expect(keyFromAppSecret(secret)).toHaveLength(32);
    expect(keyFromAppSecret(secret).equals(keyFromAppSecret(secret))).toBe(true);
    expect(keyFromAppSecret(secret).equals(keyFromAppSecret('b'.repeat(40)))).toBe(false);
    expect(() => keyFromAppSecret('short')).toThrow(/at least 32 characters/);
  });

  it('creates the key file once, readable only by its owner, and reads it back afterwards', () => {
    const dir = path.join(tempDir(), 'nested');
    const first = keyFromFile(dir);
    const file = path.join(dir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(keyFromFile(dir).equals(first)).toBe(true);
  });

  it('picks APP_SECRET first, then a per-process key for in-memory databases, then the key file', () => {
    const dir = tempDir();
    const fromSecret = secretKeyOf({ appSecret: 'x'.repeat(32), dataDir: dir, inMemoryDb: true });
    expect(fromSecret.equals(keyFromAppSecret('x'.repeat(32)))).toBe(true);
    const memory = secretKeyOf({ appSecret: undefined, dataDir: dir, inMemoryDb: true });
    expect(secretKeyOf({ appSecret: undefined, dataDir: tempDir(), inMemoryDb: true }).equals(memory)).toBe(true);
    expect(() => statSync(path.join(dir, KEY_FILE))).toThrow();
    const fromFile = secretKeyOf({ appSecret: undefined, dataDir: dir, inMemoryDb: false });
    expect(fromFile.equals(keyFromFile(dir))).toBe(true);
    expect(fromFile.equals(memory)).toBe(false);
  });
});
