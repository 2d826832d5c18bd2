// The one place of the web app that knows URLs, signing, tokens and the envelope
// (PROTOCOL.md; 000 sections 7 and 8). Everything calls the server through `call()`.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema.d.ts';
import { operations, type OperationId, type OperationInfo } from './generated/operations.ts';
import type { BodyOf, DataOf, ParamsOf, QueryOf } from './contract-types.ts';
import { signatureParams } from '@/lib/signing';
import { clearSession, getRefreshToken, getToken, setTokens } from './storage';

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

/** A non-zero errCode, a transport failure (errCode -1) or a timeout (errCode -2). */
export class ApiError extends Error {
  constructor(readonly errCode: number, message: string, readonly fields: FieldError[] = [], readonly operationId?: string) {
    super(message);
  }
}

/** What the shell does about errors: toasts, the 10002 confirm, logout. Set once by the app. */
export interface ApiEvents {
  lang(): string;
  toast(error: ApiError): void;
  sessionEnded(error: ApiError): void;
}

let events: ApiEvents = {
  lang: () => 'en',
  toast: () => undefined,
  sessionEnded: () => undefined,
};
export const setApiEvents = (next: ApiEvents) => {
  events = next;
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
  if (type.startsWith('application/json')) {
    const parsed: unknown = JSON.parse((await request.clone().text()) || 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  }
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
    const fields = { ...(await bodyFields(request)), ...Object.fromEntries(url.searchParams) };
    const signed = signatureParams(WEB_CLIENT_KEY, { clientId: WEB_CLIENT_ID, appProjectName: APP_PROJECT_NAME, lang: events.lang() }, fields);
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
}

let refreshing: Promise<boolean> | undefined;

/** One refresh at a time; concurrent 10004s wait for the same one (000 section 4 "Token refresh"). */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const data = await request('refreshToken', { body: { refreshToken }, silent: true }, false);
      setTokens(data.token, data.refreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function request<K extends OperationId>(operationId: K, args: CallArgs<K>, mayRefresh: boolean): Promise<DataOf<K>> {
  const info: OperationInfo = operations[operationId];
  const init = {
    params: { query: trimDeep(args.query), path: args.path },
    body: trimDeep(args.body),
    bodySerializer: serializerFor(info),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...(info.requestType === 'application/x-www-form-urlencoded' ? { headers: { 'content-type': info.requestType } } : {}),
    ...(info.requestType === 'multipart/form-data' ? { headers: { 'content-type': null } } : {}),
  };
  let envelope: { errCode: number; errMsg: string; data: unknown };
  try {
    const send = client.request as unknown as (m: string, p: string, i: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const result = await send(info.method.toLowerCase(), info.path, init);
    envelope = (result.data ?? result.error) as typeof envelope;
    if (!envelope || typeof envelope.errCode !== 'number') throw new ApiError(-1, `HTTP ${result.response.status}`);
  } catch (error) {
    const failure = error instanceof ApiError ? error
      : (error as Error)?.name === 'TimeoutError' ? new ApiError(-2, 'timeout', [], operationId)
        : new ApiError(-1, 'network', [], operationId);
    events.toast(failure);
    throw failure;
  }
  if (envelope.errCode === ErrCode.ok) return envelope.data as DataOf<K>;

  const fields = ((envelope.data as { errors?: FieldError[] } | null)?.errors) ?? [];
  const failure = new ApiError(envelope.errCode, envelope.errMsg, fields, operationId);
  if (envelope.errCode === ErrCode.tokenExpired && mayRefresh) {
    if (await refreshTokens()) return request(operationId, args, false);
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
export function call<K extends OperationId>(operationId: K, args: CallArgs<K> = {}): Promise<DataOf<K>> {
  return request(operationId, args, true);
}
