import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionQueue } from './admission.ts';

const request = (destroyed = false) => ({ raw: { destroyed, socket: { destroyed } } }) as unknown as FastifyRequest;

afterEach(() => {
  vi.useRealTimers();
});

describe('AdmissionQueue', () => {
  it('admits up to its limit and the rest first come, first served', async () => {
    const queue = new AdmissionQueue({ maxConcurrent: 1, maxQueueWaitMs: 1000 });
    await queue.acquire(request());
    const order: string[] = [];
    const second = queue.acquire(request()).then(() => order.push('second'));
    const third = queue.acquire(request()).then(() => order.push('third'));
    expect(queue.stats).toEqual({ active: 1, waiting: 2 });
    queue.release();
    await second;
    queue.release();
    await third;
    expect(order).toEqual(['second', 'third']);
  });

  it('answers 10006 with Retry-After to a request that waited too long', async () => {
    vi.useFakeTimers();
    const queue = new AdmissionQueue({ maxConcurrent: 1, maxQueueWaitMs: 2500 });
    await queue.acquire(request());
    const waiting = queue.acquire(request());
    vi.advanceTimersByTime(2500);
    await expect(waiting).rejects.toMatchObject({ code: 10006, params: { retryAfter: 3 } });
    expect(queue.stats).toEqual({ active: 1, waiting: 0 });
  });

  it('never starts a request whose client has gone', async () => {
    const queue = new AdmissionQueue({ maxConcurrent: 1, maxQueueWaitMs: 1000 });
    await queue.acquire(request());
    const left = request();
    const abandoned = queue.acquire(left);
    const next = queue.acquire(request());
    (left.raw as { destroyed: boolean }).destroyed = true;
    queue.release();
    await expect(abandoned).rejects.toMatchObject({ code: 10006, messageKey: 'error.clientGone' });
    await next;
    expect(queue.stats).toEqual({ active: 1, waiting: 0 });
  });

  it('turns waiting and new requests away when the server stops', async () => {
    const queue = new AdmissionQueue({ maxConcurrent: 1, maxQueueWaitMs: 60_000 });
    await queue.acquire(request());
    const waiting = queue.acquire(request());
    queue.stop();
    await expect(waiting).rejects.toMatchObject({ code: 10006 });
    await expect(queue.acquire(request())).rejects.toMatchObject({ code: 10006 });
  });
});

describe('the admission plugin', () => {
  it('gives back the slot of a request whose client left before it was admitted', async () => {
    const { default: Fastify } = await import('fastify');
    const { request: httpRequest } = await import('node:http');
    const { default: envelope } = await import('./envelope.ts');
    const { default: admission } = await import('./admission.ts');
    const app = Fastify();
    await app.register(envelope, { apiPrefix: '/dev-api' });
    let arrived = 0;
    // Slow work before admission (rate limit, say), during which the client gives up.
    app.addHook('onRequest', async () => {
      arrived += 1;
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    await app.register(admission, { maxConcurrent: 1, maxQueueWaitMs: 1000 });
    app.get('/dev-api/x', { config: { operation: { stream: false } as never } }, async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const abandoned = httpRequest({ port, host: '127.0.0.1', path: '/dev-api/x' });
    abandoned.on('error', () => undefined);
    abandoned.end();
    while (arrived === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    abandoned.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.admission.stats).toEqual({ active: 0, waiting: 0 });
    expect((await fetch(`http://127.0.0.1:${port}/dev-api/x`)).status).toBe(200);
    await app.close();
  });
});
