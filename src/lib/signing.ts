// Request signing shared by the web client, API clients, tests and the server (PROTOCOL.md
// "Request signing"). Pure functions: no DOM, no Node built-ins.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const SIGNATURE_FIELDS = ['clientId', 'appProjectName', 'timeStamp', 'random', 'clientDate', 'lang', 'signature'] as const;
export const RANDOM_LENGTH = 32;
export const SIGNATURE_WINDOW_S = 300;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 characters of [A-Za-z0-9] from the platform's CSPRNG. */
export function randomString(length = RANDOM_LENGTH): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  // 62 does not divide 256; the slight bias is irrelevant for a nonce.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

function scalar(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).join(',');
  if (typeof value === 'object') return undefined; // nested objects and file parts are not signed
  return String(value).trim();
}

/** name=value pairs of every field but `signature`, values trimmed, sorted by name in byte order. */
export function canonicalString(fields: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'signature') continue;
    const text = scalar(value);
    if (text !== undefined) pairs.push([name, text]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([n, v]) => `${n}=${v}`).join('&');
}

/** The `bodyHash` of a JSON body: lower-case hex SHA-256 of its exact bytes. */
export function bodyHash(bytes: Uint8Array | string): string {
  return bytesToHex(sha256(typeof bytes === 'string' ? utf8ToBytes(bytes) : bytes));
}

export function signFields(key: string, fields: Record<string, unknown>): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(canonicalString(fields))));
}

export interface SignatureParams {
  clientId: string;
  appProjectName: string;
  timeStamp: string;
  random: string;
  clientDate: string;
  lang: string;
}

/**
 * The signing query parameters for a request whose other fields are `fields`. `sign` computes
 * the same HMAC as signFields; a Node.js client passes OpenSSL's, which is several times faster.
 */
export function signatureParams(
  key: string,
  base: { clientId: string; appProjectName: string; lang: string; now?: Date },
  fields: Record<string, unknown>,
  sign: typeof signFields = signFields,
): SignatureParams & { signature: string } {
  const now = base.now ?? new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const params: SignatureParams = {
    clientId: base.clientId,
    appProjectName: base.appProjectName,
    timeStamp: String(now.getTime()),
    random: randomString(),
    clientDate: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    lang: base.lang,
  };
  return { ...params, signature: sign(key, { ...fields, ...params }) };
}
