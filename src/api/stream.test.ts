// @vitest-environment jsdom
// openStream: a stream is requested like any call (signed, bearer token), its body handed over
// unread; a refusal answers the JSON envelope and becomes an ApiError, 10004 refreshing once.
import { describe, expect, it } from 'vitest';
import { envelope, pathOf, installFakeServer } from './fake-server';

const stream = (text: string) => new Response(text, { headers: { 'content-type': 'text/event-stream' } });
const fake = installFakeServer();

describe('openStream', () => {
  it('sends the signed request with the bearer token and hands over the unread body', async () => {
    fake.reply = () => stream('event: flow\ndata: {}\n\n');
    const response = await fake.client.openStream('liveStream', { query: { plantUid: 'P1' } });
    expect(await response.text()).toBe('event: flow\ndata: {}\n\n');
    const sent = fake.requests[0]!;
    const url = new URL(sent.url);
    expect(pathOf(sent)).toBe('/api/v1/monitor/live/stream');
    expect(url.searchParams.get('plantUid')).toBe('P1');
    expect(url.searchParams.get('signature')).toMatch(/\S+/);
    expect(url.searchParams.get('clientId')).toBe('web');
    expect(sent.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('turns a refusal into an ApiError without a toast', async () => {
    fake.reply = () => envelope(10005, null, 'No permission');
    await expect(fake.client.openStream('liveStream', { query: { plantUid: 'P1' } })).rejects.toMatchObject({ errCode: 10005, message: 'No permission' });
    expect(fake.events.toast).not.toHaveBeenCalled();
  });

  it('refreshes an expired token once and opens the stream again', async () => {
    fake.reply = (request) => {
      if (pathOf(request) === '/api/v1/sys/refreshToken') return envelope(0, { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 5 });
      return request.headers.get('authorization') === 'Bearer access-2' ? stream(': keep-alive\n\n') : envelope(10004);
    };
    const response = await fake.client.openStream('liveStream', { query: { plantUid: 'P1' } });
    expect(await response.text()).toBe(': keep-alive\n\n');
    expect(fake.requests.map(pathOf)).toEqual(['/api/v1/monitor/live/stream', '/api/v1/sys/refreshToken', '/api/v1/monitor/live/stream']);
  });

  it('reports a transport failure as errCode -1', async () => {
    fake.reply = () => {
      throw new TypeError('offline');
    };
    await expect(fake.client.openStream('liveStream', { query: { plantUid: 'P1' } })).rejects.toMatchObject({ errCode: -1 });
  });
});
