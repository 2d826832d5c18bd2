// The one place of the web app that knows URLs, signing, tokens and the envelope
// (PROTOCOL.md; 000 sections 7 and 8). Everything calls the server through `call()`.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema.d.ts';
import { operations, type OperationId, type OperationInfo } from './generated/operations.ts';
import type { BodyOf, DataOf, ParamsOf, QueryOf } from './contract-types.ts';
import { bodyHash, signatureParams } from '@/lib/signing';
import { clearSession, currentOrganisation, getRefreshToken, getToken, setTokens } from './storage';

export const API_BASE = '/dev-api';
export const REQUEST_TIMEOUT_MS = 45_000;
export const WEB_CLIENT_ID = 'web';
export const APP_PROJECT_NAME = 'portal';
/** Public by design (it guards integrity and replay, not identity): PROTOCOL.md "Request signing". */
export const WEB_CLIENT_KEY = import.meta.env.VITE_WEB_CLIENT_KEY ?? 'portal-web-public';

export const ErrCode = { ok: 0, fault: 10001, notLoggedIn: 10002, badParam: 10003, tokenExpired: 10004, forbidden: 10005, tooMany: 10006, loggedOut: 10007 } as const;

export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

/** Failures without an envelope, as errCodes below 0 (src/lib/error-text.ts names each one). */
export const TransportFailure = { network: -1, timeout: -2, httpStatus: -3 } as const;

/**
 * A non-zero errCode, or a TransportFailure: the network (-1), the 45 s timeout (-2), or an HTTP
 * answer that is not the envelope (-3, with its `status`).
 */
export class ApiError extends Error {
  constructor(readonly errCode: number, message: string, readonly fields: FieldError[] = [], readonly operationId?: string, readonly status?: number) {
    super(message);
  }
}

/** What the shell does about errors: toasts, the 10002 confirm, logout. Set once by the app. */
export interface ApiEvents {
  lang(): string;
  toast(error: ApiError): void;
  sessionEnded(error: ApiError): void;
  /** The tokens were refreshed after a 10004: the current view reloads its data (000 section 4). */
  refreshed(): void;
}

let events: ApiEvents = {
  lang: () => 'en',
  toast: () => undefined,
  sessionEnded: () => undefined,
  refreshed: () => undefined,
};
/** Each part of the app sets the events it handles; the others stay as they were. */
export const setApiEvents = (next: Partial<ApiEvents>) => {
  events = { ...events, ...next };
};

const byPath = new Map<string, OperationInfo>(Object.values(operations).map((o) => [`${o.method} ${o.path}`, o]));

function trimDeep<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map(trimDeep) as T;
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimDeep(v)])) as T;
  }
  return value;
}

async function bodyFields(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(await request.clone().text()));
  if (type.startsWith('multipart/form-data')) {
    const form = await request.clone().formData();
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
  }
  return {};
}

const signing: Middleware = {
  async onRequest({ request, schemaPath }) {
    const operation = byPath.get(`${request.method} ${schemaPath}`);
    const url = new URL(request.url);
    const token = getToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    if (operation && !operation.signed) return request;
    // A JSON body is signed through the hash of its bytes; a form body field by field.
    const isJsonBody = (request.headers.get('content-type') ?? '').startsWith('application/json');
    if (isJsonBody) url.searchParams.set('bodyHash', bodyHash(new Uint8Array(await request.clone().arrayBuffer())));
    const fields = { ...(isJsonBody ? {} : await bodyFields(request)), ...Object.fromEntries(url.searchParams) };
    // An operation whose own parameter is `lang` (switchLanguage) sets the signing `lang` itself.
    const lang = url.searchParams.get('lang') ?? events.lang();
    const signed = signatureParams(WEB_CLIENT_KEY, { clientId: WEB_CLIENT_ID, appProjectName: APP_PROJECT_NAME, lang }, fields);
    for (const [name, value] of Object.entries(signed)) url.searchParams.set(name, value);
    // A Request cannot be re-created from one with a streaming body; copy the bytes instead.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.clone().arrayBuffer();
    return new Request(url, { method: request.method, headers: request.headers, body, signal: request.signal });
  },
};

export const client = createClient<paths>({ baseUrl: `${location.origin}${API_BASE}` });
client.use(signing);

function serializerFor(info: OperationInfo) {
  if (info.requestType === 'application/x-www-form-urlencoded') {
    return (body: unknown) => {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
        if (value === undefined || value === null) continue;
        form.set(name, Array.isArray(value) ? value.join(',') : String(value));
      }
      return form;
    };
  }
  if (info.requestType === 'multipart/form-data') {
    return (body: unknown) => {
      const form = new FormData();
      for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
        if (value !== undefined && value !== null) form.append(name, value instanceof Blob ? value : String(value));
      }
      return form;
    };
  }
  return undefined;
}

export interface CallArgs<K extends OperationId> {
  query?: QueryOf<K>;
  body?: BodyOf<K>;
  path?: ParamsOf<K>;
  /** Do not show a toast for business errors (the caller handles them, e.g. form field errors). */
  silent?: boolean;
  /** A session error ends nothing (logout itself, which may meet an already dead session). */
  ignoreSession?: boolean;
  /** Share of the request body sent so far, from 0 to 1 (uploads). */
  onUploadProgress?: (fraction: number) => void;
}

export interface DownloadArgs<K extends OperationId> extends CallArgs<K> {
  /** Bytes received so far, and the total when the server announced it. */
  onDownloadProgress?: (received: number, total: number | undefined) => void;
}

/** An exported file: its bytes and the name the server gave it (`download-filename`). */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

type Envelope = { errCode: number; errMsg: string; data: unknown };
type Outcome = { envelope: Envelope } | { file: DownloadedFile };

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** fetch cannot report upload progress; XMLHttpRequest can. Used only for calls that ask for it. */
function progressFetch(onProgress: (fraction: number) => void) {
  return async (request: Request): Promise<Response> => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'arraybuffer';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => resolve(new Response(xhr.response as ArrayBuffer, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
      xhr.onerror = () => reject(new TypeError('network'));
      xhr.onabort = () => reject(request.signal.reason ?? new DOMException('aborted', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}

/** The file name of an export: `download-filename` (URI-encoded UTF-8), else Content-Disposition. */
export function downloadFilename(headers: Headers, fallback: string): string {
  const encoded = headers.get('download-filename');
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return encoded;
    }
  }
  const disposition = headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

async function readFile(response: Response, operationId: string, onProgress?: DownloadArgs<OperationId>['onDownloadProgress']): Promise<DownloadedFile> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const filename = downloadFilename(response.headers, operationId);
  if (!response.body) return { blob: await response.blob(), filename };
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  return { blob: new Blob(chunks, { type }), filename };
}

const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('application/json');

/** Calls that take `searchOfficeIdArr` get the organisation chosen in the top bar (000 section 7). */
function withOrganisation(info: OperationInfo, query: unknown): unknown {
  if (!info.searchOffice) return query;
  const given = query as Record<string, unknown> | undefined;
  if (given?.searchOfficeIdArr !== undefined && given.searchOfficeIdArr !== '') return query;
  const organisation = currentOrganisation();
  return organisation ? { ...given, searchOfficeIdArr: organisation.officeId } : query;
}

let refreshing: Promise<boolean> | undefined;

/** One refresh at a time; concurrent 10004s wait for the same one (000 section 4 "Token refresh"). */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const outcome = await request('refreshToken', { body: { refreshToken }, silent: true }, false, false);
      const data = ('envelope' in outcome ? outcome.envelope.data : undefined) as DataOf<'refreshToken'>;
      setTokens(data.token, data.refreshToken);
      events.refreshed();
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function transport<K extends OperationId>(operationId: K, args: DownloadArgs<K>, asFile: boolean): Promise<Outcome> {
  const info: OperationInfo = operations[operationId];
  const init = {
    params: { query: trimDeep(withOrganisation(info, args.query)), path: args.path },
    body: trimDeep(args.body),
    bodySerializer: serializerFor(info),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    parseAs: asFile ? 'stream' : 'json',
    ...(args.onUploadProgress ? { fetch: progressFetch(args.onUploadProgress) } : {}),
    ...(info.requestType === 'application/x-www-form-urlencoded' ? { headers: { 'content-type': info.requestType } } : {}),
    ...(info.requestType === 'multipart/form-data' ? { headers: { 'content-type': null } } : {}),
  };
  try {
    const send = client.request as unknown as (m: string, p: string, i: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const result = await send(info.method.toLowerCase(), info.path, init);
    const { response } = result;
    if (asFile && response.ok && !isJson(response)) return { file: await readFile(response, operationId, args.onDownloadProgress) };
    // An export that failed answers the envelope instead of the file (PROTOCOL.md).
    const envelope = (asFile && response.ok ? await response.json() : result.data ?? result.error) as Envelope | undefined;
    if (!envelope || typeof envelope.errCode !== 'number') throw new ApiError(TransportFailure.httpStatus, `HTTP ${response.status}`, [], operationId, response.status);
    return { envelope };
  } catch (error) {
    const failure = error instanceof ApiError ? error
      : (error as Error)?.name === 'TimeoutError' ? new ApiError(TransportFailure.timeout, 'timeout', [], operationId)
        : new ApiError(TransportFailure.network, 'network', [], operationId);
    // A failed download is shown by its caller, with the download's own message (000 section 8).
    if (!asFile) events.toast(failure);
    throw failure;
  }
}

async function request<K extends OperationId>(operationId: K, args: DownloadArgs<K>, asFile: boolean, mayRefresh = true): Promise<Outcome> {
  const info: OperationInfo = operations[operationId];
  const sentToken = getToken();
  const outcome = await transport(operationId, args, asFile);
  if ('file' in outcome || outcome.envelope.errCode === ErrCode.ok) return outcome;
  const { envelope } = outcome;

  const fields = ((envelope.data as { errors?: FieldError[] } | null)?.errors) ?? [];
  const failure = new ApiError(envelope.errCode, envelope.errMsg, fields, operationId);
  if (envelope.errCode === ErrCode.tokenExpired && mayRefresh) {
    // Another call may have refreshed while this one was under way: its new token is enough.
    if (getToken() !== sentToken || await refreshTokens()) return request(operationId, args, asFile, false);
    clearSession();
    events.sessionEnded(failure);
    throw failure;
  }
  if (envelope.errCode === ErrCode.notLoggedIn || envelope.errCode === ErrCode.loggedOut || envelope.errCode === ErrCode.tokenExpired) {
    if (!info.public && !args.ignoreSession) {
      events.sessionEnded(failure);
      throw failure;
    }
  }
  if (!args.silent) events.toast(failure);
  throw failure;
}

/** Calls an operation of the contract and answers its `data`, or throws ApiError. */
export async function call<K extends OperationId>(operationId: K, args: CallArgs<K> = {}): Promise<DataOf<K>> {
  const outcome = await request(operationId, args, false);
  return ('envelope' in outcome ? outcome.envelope.data : undefined) as DataOf<K>;
}

/** Calls an operation that answers a file (an export); a failure answers ApiError as call() does. */
export async function download<K extends OperationId>(operationId: K, args: DownloadArgs<K> = {}): Promise<DownloadedFile> {
  const outcome = await request(operationId, args, true);
  if ('file' in outcome) return outcome.file;
  throw new ApiError(TransportFailure.httpStatus, 'not a file', [], operationId, 200);
}

export interface StreamArgs<K extends OperationId> {
  query?: QueryOf<K>;
  /** Ends the stream; there is no timeout, a stream lives until its reader lets it go. */
  signal?: AbortSignal;
}

/**
 * Opens an operation that answers a stream (liveStream's Server-Sent Events) with the signing and
 * bearer token of call(): EventSource can send neither, so streams are read with fetch. Answers
 * the open Response, whose body the caller reads. A JSON answer is the envelope of a refusal and
 * throws ApiError without a toast (the caller decides what to show); 10004 refreshes the tokens
 * and retries once, and a dead session is reported, as for call().
 */
export async function openStream<K extends OperationId>(operationId: K, args: StreamArgs<K> = {}, mayRefresh = true): Promise<Response> {
  const info: OperationInfo = operations[operationId];
  const sentToken = getToken();
  let result: { error?: unknown; response: Response };
  try {
    const send = client.request as unknown as (m: string, p: string, i: unknown) => Promise<{ error?: unknown; response: Response }>;
    result = await send(info.method.toLowerCase(), info.path, {
      params: { query: trimDeep(withOrganisation(info, args.query)) },
      headers: { accept: 'text/event-stream' },
      parseAs: 'stream',
      signal: args.signal,
    });
  } catch (error) {
    if (args.signal?.aborted) throw error;
    throw new ApiError(-1, 'network', [], operationId);
  }
  const { response } = result;
  if (response.ok && !isJson(response)) return response;
  const envelope = (response.ok ? await response.json().catch(() => undefined) : result.error) as Envelope | undefined;
  if (!envelope || typeof envelope.errCode !== 'number' || envelope.errCode === ErrCode.ok) throw new ApiError(TransportFailure.httpStatus, `HTTP ${response.status}`, [], operationId, response.status);
  if (envelope.errCode === ErrCode.tokenExpired && mayRefresh && (getToken() !== sentToken || await refreshTokens())) {
    return openStream(operationId, args, false);
  }
  const failure = new ApiError(envelope.errCode, envelope.errMsg, [], operationId);
  const sessionOver = envelope.errCode === ErrCode.notLoggedIn || envelope.errCode === ErrCode.loggedOut || envelope.errCode === ErrCode.tokenExpired;
  if (sessionOver && !info.public) {
    if (envelope.errCode === ErrCode.tokenExpired) clearSession();
    events.sessionEnded(failure);
  }
  throw failure;
}
