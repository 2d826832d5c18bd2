// For the client's tests: a fresh client module per test (openapi-fetch takes the global fetch
// when the module is created) against a fake server that records every request it is sent.
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import type * as Client from './client';
import type * as Storage from './storage';

export type Reply = (request: Request) => Response | Promise<Response>;

export const envelope = (errCode: number, data: unknown = null, errMsg = '') => Response.json({ errCode, errMsg, data });
export const pathOf = (request: Request) => new URL(request.url).pathname.replace('/dev-api', '');

export interface FakeServer {
  /** How the server answers; set by each test. */
  reply: Reply;
  requests: Request[];
  client: typeof Client;
  storage: typeof Storage;
  events: { lang(): string; toast: Mock<(error: Client.ApiError) => void>; sessionEnded: Mock<(error: Client.ApiError) => void>; refreshed: Mock<() => void> };
}

/** Installs the fake server around every test of the calling file, logged in with tokens access-1 and refresh-1. */
export function installFakeServer(): FakeServer {
  const fake = {
    reply: () => envelope(0),
    requests: [],
    events: { lang: () => 'en', toast: vi.fn(), sessionEnded: vi.fn(), refreshed: vi.fn() },
  } as unknown as FakeServer;
  beforeEach(async () => {
    fake.requests.length = 0;
    vi.stubGlobal('fetch', async (request: Request) => {
      fake.requests.push(request.clone());
      return fake.reply(request);
    });
    vi.resetModules();
    fake.client = await import('./client');
    fake.storage = await import('./storage');
    fake.client.setApiEvents(fake.events);
    localStorage.clear();
    fake.storage.setTokens('access-1', 'refresh-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });
  return fake;
}
