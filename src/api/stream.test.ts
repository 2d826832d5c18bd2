// @vitest-environment jsdom
// openStream: a stream is requested like any call (signed, bearer token), its body handed over
// unread; a refusal answers the JSON envelope and becomes an ApiError, 10004 refreshing once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Client from './client';
import type * as Storage from './storage';

type Reply = (request: Request) => Response | Promise<Response>;
const envelope = (errCode: number, data: unknown = null, errMsg = '') => Response.json({ errCode, errMsg, data });
const stream = (text: string) => new Response(text, { headers: { 'content-type': 'text/event-stream' } });

let server: Reply;
const requests: Request[] = [];
let client: typeof Client;
let storage: typeof Storage;
const events = { lang: () => 'en', toast: vi.fn(), sessionEnded: vi.fn(), refreshed: vi.fn() };

beforeEach(async () => {
  requests.length = 0;
  vi.stubGlobal('fetch', async (request: Request) => {
    requests.push(request.clone());
    return server(request);
  });
  vi.resetModules();
  client = await import('./client');
  storage = await import('./storage');
  client.setApiEvents(events);
  localStorage.clear();
  storage.setTokens('access-1', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const pathOf = (request: Request) => new URL(request.url).pathname.replace('/dev-api', '');

describe('openStream', () => {
  it('sends the signed request with the bearer token and hands over the unread body', async () => {
    server = () => stream('event: flow\ndata: {}\n\n');
    const response = await client.openStream('liveStream', { query: { plantUid: 'P1' } });
    expect(await response.text()).toBe('event: flow\ndata: {}\n\n');
    const sent = requests[0]!;
    const url = new URL(sent.url);
    expect(pathOf(sent)).toBe('/api/v1/monitor/live/stream');
    expect(url.searchParams.get('plantUid')).toBe('P1');
    expect(url.searchParams.get('signature')).toMatch(/\S+/);
    expect(url.searchParams.get('clientId')).toBe('web');
    expect(sent.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('turns a refusal into an ApiError without a toast', async () => {
    server = () => envelope(10005, null, 'No permission');
    await expect(client.openStream('liveStream', { query: { plantUid: 'P1' } })).rejects.toMatchObject({ errCode: 10005, message: 'No permission' });
    expect(events.toast).not.toHaveBeenCalled();
  });

  it('refreshes an expired token once and opens the stream again', async () => {
    server = (request) => {
      if (pathOf(request) === '/api/v1/sys/refreshToken') return envelope(0, { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 5 });
      return request.headers.get('authorization') === 'Bearer access-2' ? stream(': keep-alive\n\n') : envelope(10004);
    };
    const response = await client.openStream('liveStream', { query: { plantUid: 'P1' } });
    expect(await response.text()).toBe(': keep-alive\n\n');
    expect(requests.map(pathOf)).toEqual(['/api/v1/monitor/live/stream', '/api/v1/sys/refreshToken', '/api/v1/monitor/live/stream']);
  });

  it('reports a transport failure as errCode -1', async () => {
    server = () => {
      throw new TypeError('offline');
    };
    await expect(client.openStream('liveStream', { query: { plantUid: 'P1' } })).rejects.toMatchObject({ errCode: -1 });
  });
});
