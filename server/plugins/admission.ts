// Load shedding: at most `maxConcurrent` API requests do database work at once; the others wait
// in line, first come first served. A request whose client has gone is never started, one that
// waited longer than `maxQueueWaitMs` answers 10006 with Retry-After instead of piling up, and a
// server that is stopping turns new and waiting requests away at once, and closes each
// connection after its last answer, so that it stops quickly.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrCode } from '../errors.ts';

export interface AdmissionOptions {
  maxConcurrent: number;
  maxQueueWaitMs: number;
}

interface Waiter {
  request: FastifyRequest;
  admit(): void;
  refuse(error: AppError): void;
}

const gone = (request: FastifyRequest) => request.raw.destroyed || request.raw.socket?.destroyed === true;
const busy = (retryAfter: number) => new AppError(ErrCode.tooMany, 'error.tooMany', { retryAfter });

export class AdmissionQueue {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private stopping = false;

  constructor(private readonly options: AdmissionOptions) {}

  get stats() {
    return { active: this.active, waiting: this.waiting.length };
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Resolves when the request may start; rejects with 10006 when it waited too long or the server stops. */
  acquire(request: FastifyRequest): Promise<void> {
    if (this.stopping) return Promise.reject(busy(5));
    if (this.active < this.options.maxConcurrent && !this.waiting.length) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        request,
        admit: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(busy(Math.max(1, Math.ceil(this.options.maxQueueWaitMs / 1000))));
      }, this.options.maxQueueWaitMs);
      this.waiting.push(waiter);
    });
  }

  release(): void {
    this.active -= 1;
    while (this.waiting.length && this.active < this.options.maxConcurrent) {
      const next = this.waiting.shift()!;
      // Its client gave up while it waited: its answer would go nowhere.
      if (gone(next.request)) {
        next.refuse(new AppError(ErrCode.tooMany, 'error.clientGone'));
        continue;
      }
      this.active += 1;
      next.admit();
    }
  }

  stop(): void {
    this.stopping = true;
    for (const waiter of this.waiting.splice(0)) waiter.refuse(busy(5));
  }
}

export default fp(async (app, opts: AdmissionOptions) => {
  const queue = new AdmissionQueue(opts);
  app.decorate('admission', queue);
  app.addHook('preClose', async () => queue.stop());
  // Closing the server ends only the keep-alive connections idle at that moment (Node's
  // server.close()); one busy then would stay open after its answer until its keep-alive timeout
  // (72 s), holding the stop past its 10 s. So while stopping, every answer closes its connection.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (queue.isStopping) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const operation = request.routeOptions.config.operation;
    // An event stream holds its connection open for as long as the client watches.
    if (!operation || operation.stream) return;
    await queue.acquire(request);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      queue.release();
    };
    // 'close' fires once, whether the answer was sent or the connection dropped; a client that
    // left before this request was admitted closed it already, and its slot is given back now.
    reply.raw.once('close', release);
    if (reply.raw.closed || gone(request)) {
      release();
      throw new AppError(ErrCode.tooMany, 'error.clientGone');
    }
  });
}, { name: 'admission', dependencies: ['envelope'] });

declare module 'fastify' {
  interface FastifyInstance {
    admission: AdmissionQueue;
  }
}
