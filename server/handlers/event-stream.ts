// What every Server-Sent Events answer shares (liveStream, userEventStream): a stream that sends a
// keep-alive comment after 15 s of silence (proxies drop silent connections), subscribed to its
// source before the first event is read (so that no change falls between the two), answered only
// once that first read succeeded (so that a failure still answers the envelope), and cleaned up
// once, whichever comes first: the client leaves, the server stops, the first read fails.
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

const KEEP_ALIVE_MS = 15_000;

export interface EventStream {
  /** Writes events (ignored once the stream has ended) and restarts the keep-alive wait. */
  write(text: string): void;
  open(): boolean;
}

/** One event in the wire format; `id` lets a client resume. */
export const sseEvent = (event: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

interface Source {
  /** Subscribes to what feeds the stream; `close` ends it (the server stops). Returns the unsubscribe. */
  subscribe(close: () => void): () => void;
  /** Writes the event sent on connect; throws when it cannot be read. */
  first(): Promise<void>;
  /** Clears the source's own timers. */
  stop(): void;
}

export async function serveEventStream(request: FastifyRequest, reply: FastifyReply, source: (stream: EventStream) => Source): Promise<never> {
  const raw = new PassThrough();
  let keepAlive: NodeJS.Timeout | undefined;
  const open = () => !raw.writableEnded && !raw.destroyed;
  const write = (text: string) => {
    if (!open() || !text) return;
    raw.write(text);
    clearTimeout(keepAlive);
    keepAlive = setTimeout(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  };
  const events = source({ write, open });
  let unsubscribe = () => undefined as void;
  let cleaned = false;
  const cleanUp = () => {
    if (cleaned) return;
    cleaned = true;
    unsubscribe();
    events.stop();
    clearTimeout(keepAlive);
    if (!raw.destroyed) raw.end();
  };
  unsubscribe = events.subscribe(cleanUp);
  // Before the first read: a client gone during it must not leave its listener behind.
  reply.raw.once('close', cleanUp);
  try {
    await events.first();
  } catch (error) {
    cleanUp();
    throw error;
  }
  // no-transform and X-Accel-Buffering: proxies must pass each event on at once.
  void reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no').send(raw);
  return reply as never;
}
