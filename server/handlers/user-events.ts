// userEventStream: the events of the caller's open pages as Server-Sent Events (openapi/paths/
// alarms.yaml): `alarm` on connect (the untreated counts alone) and whenever an alarm the caller
// may see is raised or changes, with the counts again; `message` and any later kind as other areas
// publish them (server/alarms/user-events.ts). Alarm changes are gathered for at most a second,
// then read with one query for the caller; a keep-alive comment follows 15 s of silence.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { untreatedCount, visibleAlarms, type AlarmDto } from '../repositories/alarms.ts';
import { serveEventStream, sseEvent, type EventStream } from './event-stream.ts';
import { defineHandlers } from './types.ts';

const GATHER_MS = 1000;

async function alarmEvents(db: Db, user: AuthContext, ids: number[], lang: string): Promise<string> {
  const [recent, all, alarms] = await Promise.all([
    untreatedCount(db, user, { countType: 1 }), untreatedCount(db, user, { countType: 2 }),
    ids.length ? visibleAlarms(db, user, ids, lang) : Promise.resolve([] as AlarmDto[]),
  ]);
  const counts = { untreatedNum: recent.untreatedNum, untreatedTotal: all.untreatedNum };
  if (!ids.length) return sseEvent('alarm', { ...counts, alarm: null });
  return alarms.map((alarm) => sseEvent('alarm', { ...counts, alarm })).join('');
}

function userEvents(stream: EventStream, db: Db, user: AuthContext, lang: string, log: FastifyBaseLogger) {
  let gather: NodeJS.Timeout | undefined;
  const pending = new Set<number>();
  const flush = () => {
    gather = undefined;
    const ids = [...pending];
    pending.clear();
    alarmEvents(db, user, ids, lang).then(stream.write, (error: Error) => log.warn({ err: error }, 'user events: alarms not read'));
  };
  return {
    first: async () => stream.write(await alarmEvents(db, user, [], lang)),
    alarms(ids: number[]) {
      for (const id of ids) pending.add(id);
      gather ??= setTimeout(flush, GATHER_MS);
    },
    event: (name: string, data: unknown) => stream.write(sseEvent(name, data)),
    stop: () => clearTimeout(gather),
  };
}

export const userEventHandlers = defineHandlers({
  userEventStream: ({ db, user, lang, request, reply }) => serveEventStream(request, reply, (stream) => {
    const events = userEvents(stream, db, user, lang, request.log);
    return {
      subscribe: (close) => request.server.userEvents.subscribe(user.userId, { alarms: events.alarms, event: events.event, close }),
      first: events.first,
      stop: events.stop,
    };
  }),
});
