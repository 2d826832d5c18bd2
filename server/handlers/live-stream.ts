// liveStream: a plant's live power flow as Server-Sent Events (openapi/paths/telemetry.yaml), for
// the energy-flow diagram. An event `flow` on connect and after each commit of the plant's
// records (live.ts), at most one a second; the keep-alive and the connection's life are
// event-stream.ts's.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { assertPlantVisible } from '../repositories/scope.ts';
import { ONLINE_WINDOW_MINUTES, type PlantFlowEvent } from '../../src/lib/live-flow.ts';
import { serveEventStream, sseEvent, type EventStream } from './event-stream.ts';
import { defineHandlers } from './types.ts';

const MIN_GAP_MS = 1000;

type Row = Record<'pv' | 'ac' | 'grid' | 'load' | 'battery' | 'soc', number | null> & { ts: Date | string | null; online: number };
const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** The plant's totals over its devices' latest states (device_latest). */
export async function plantFlow(db: Db, plantUid: string): Promise<PlantFlowEvent> {
  const result = await db.execute(sql`
    select max(l.ts) as ts, count(*) filter (where l.ts > now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES}))::int as online,
      sum(l.pv_power)::float8 as pv, sum(l.ac_power)::float8 as ac, sum(l.grid_power)::float8 as grid,
      sum(l.load_power)::float8 as load, sum(l.battery_power)::float8 as battery, avg(l.battery_soc)::float8 as soc
    from devices d join device_latest l on l.device_id = d.id
    where d.plant_uid = ${plantUid}`);
  const row = (result as unknown as { rows: Row[] }).rows[0]!;
  return {
    plantUid, ts: row.ts === null ? null : new Date(row.ts).toISOString(),
    pvPower: round(row.pv), acPower: round(row.ac), gridPower: round(row.grid), loadPower: round(row.load),
    batteryPower: round(row.battery), batterySoc: round(row.soc), online: Number(row.online),
  };
}

const flowEvent = (flow: PlantFlowEvent) => sseEvent('flow', flow, flow.ts ? Date.parse(flow.ts) : undefined);

/**
 * Sends the plant's flow into `stream` whenever `changed()` is called: at once when the last event
 * is a second old, else once at the end of that second for every change of it (coalesced).
 */
function flowSender(db: Db, plantUid: string, stream: EventStream, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let lastSent = 0;
  let sending = false;
  let again = false;
  const writeFlow = async () => stream.write(flowEvent(await plantFlow(db, plantUid)));
  const send = async () => {
    timer = undefined;
    sending = true;
    try {
      await writeFlow();
    } catch (error) {
      log.warn({ err: error, plantUid }, 'live stream: flow not read');
    } finally {
      sending = false;
      lastSent = Date.now();
      if (again) changed();
    }
  };
  const changed = () => {
    again = sending;
    if (sending || timer || !stream.open()) return;
    timer = setTimeout(() => void send(), Math.max(0, lastSent + MIN_GAP_MS - Date.now()));
  };
  return {
    changed,
    /** The event on connect; throws when the flow cannot be read. */
    async first() {
      await writeFlow();
      lastSent = Date.now();
    },
    stop: () => clearTimeout(timer),
  };
}

export const liveStreamHandlers = defineHandlers({
  async liveStream({ db, user, query, request, reply }) {
    await assertPlantVisible(db, user, query.plantUid);
    return serveEventStream(request, reply, (stream) => {
      const sender = flowSender(db, query.plantUid, stream, request.log);
      return {
        subscribe: (close) => request.server.live.subscribe(query.plantUid, { commit: sender.changed, close }),
        first: sender.first,
        stop: sender.stop,
      };
    });
  },
});
