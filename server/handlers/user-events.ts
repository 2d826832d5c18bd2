// userEventStream: the events of the caller's open pages as Server-Sent Events (openapi/paths/
// alarms.yaml): `alarm` on connect (the untreated counts alone) and whenever an alarm the caller
// may see is raised or changes, with the counts again; `message` and any later kind as other areas
// publish them (server/alarms/user-events.ts). Alarm changes are gathered for at most a second,
// then read with one query for the caller; a keep-alive comment follows 15 s of silence.
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { untreatedCount, visibleAlarms, type AlarmDto } from '../repositories/alarms.ts';
import { defineHandlers } from './types.ts';

const GATHER_MS = 1000;
const KEEP_ALIVE_MS = 15_000;

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

async function alarmEvents(db: Db, user: AuthContext, ids: number[], lang: string): Promise<string> {
  const [recent, all, alarms] = await Promise.all([
    untreatedCount(db, user, { countType: 1 }), untreatedCount(db, user, { countType: 2 }),
    ids.length ? visibleAlarms(db, user, ids, lang) : Promise.resolve([] as AlarmDto[]),
  ]);
  const counts = { untreatedNum: recent.untreatedNum, untreatedTotal: all.untreatedNum };
  if (!ids.length) return sse('alarm', { ...counts, alarm: null });
  return alarms.map((alarm) => sse('alarm', { ...counts, alarm })).join('');
}

function streamWriter(stream: PassThrough, db: Db, user: AuthContext, lang: string, log: FastifyBaseLogger) {
  let keepAlive: NodeJS.Timeout | undefined;
  let gather: NodeJS.Timeout | undefined;
  const pending = new Set<number>();
  const open = () => !stream.writableEnded && !stream.destroyed;
  const write = (text: string) => {
    if (!open() || !text) return;
    stream.write(text);
    clearTimeout(keepAlive);
    keepAlive = setTimeout(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  };
  const flush = () => {
    gather = undefined;
    const ids = [...pending];
    pending.clear();
    alarmEvents(db, user, ids, lang).then(write, (error: Error) => log.warn({ err: error }, 'user events: alarms not read'));
  };
  return {
    first: async () => write(await alarmEvents(db, user, [], lang)),
    alarms(ids: number[]) {
      for (const id of ids) pending.add(id);
      gather ??= setTimeout(flush, GATHER_MS);
    },
    event: (name: string, data: unknown) => write(sse(name, data)),
    stop() {
      clearTimeout(keepAlive);
      clearTimeout(gather);
    },
  };
}

export const userEventHandlers = defineHandlers({
  async userEventStream({ db, user, lang, request, reply }) {
    const stream = new PassThrough();
    const writer = streamWriter(stream, db, user, lang, request.log);
    let unsubscribe = () => undefined as void;
    let cleaned = false;
    const cleanUp = () => {
      if (cleaned) return;
      cleaned = true;
      unsubscribe();
      writer.stop();
      if (!stream.destroyed) stream.end();
    };
    // Subscribed before the first read, so that no change falls between the two.
    unsubscribe = request.server.userEvents.subscribe(user.userId, { alarms: writer.alarms, event: writer.event, close: cleanUp });
    reply.raw.once('close', cleanUp);
    try {
      await writer.first();
    } catch (error) {
      cleanUp();
      throw error;
    }
    void reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no').send(stream);
    return reply as never;
  },
});
