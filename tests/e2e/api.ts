// Signed API calls from a browser test (Node's fetch), for what a test sets up or reads back
// outside the page: an API client's telemetry, the figures a page must show.
import { PASSWORD } from './portal';
import { PORT } from './ports';
import { signedPath } from './signed-request';

const BASE = `http://127.0.0.1:${PORT}/dev-api`;

interface Call {
  token?: string;
  query?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  client?: { clientId: string; clientSecret: string };
}

export async function api<T>(method: 'GET' | 'POST', path: string, call: Call = {}): Promise<T> {
  const payload = call.json !== undefined ? JSON.stringify(call.json) : undefined;
  const response = await fetch(`${BASE}${signedPath(path, { ...call, payload })}`, {
    method,
    headers: {
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : call.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: payload ?? (call.form ? new URLSearchParams(call.form).toString() : undefined),
  });
  const envelope = (await response.json()) as { errCode: number; errMsg: string; data: T };
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
  return envelope.data;
}

export async function apiLogin(username: string): Promise<string> {
  return (await api<{ token: string }>('POST', '/api/v1/sys/login', { form: { username, password: PASSWORD } })).token;
}
