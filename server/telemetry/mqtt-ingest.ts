// MQTT telemetry into the ingest pipeline, whichever broker carries it: the embedded one
// (mqtt-broker.ts) or an external one the server subscribes to (mqtt-subscriber.ts). A message on
// portal/telemetry/<sn> holds one record or an array of them; its submitter acknowledges it to
// the device only once the promise resolves, after the commit.
//
// Messages that arrive while a batch is being written are written together in the next one: a
// busy broker makes few large transactions rather than many small ones. Memory stays bounded
// because a device's next packets are not read until its current ones are answered.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { ingest } from './ingest.ts';
import type { LiveEvents } from './live.ts';

export const TOPIC_PREFIX = 'portal/telemetry/';
/** As many records as an HTTP batch may hold. */
const MAX_RECORDS_PER_MESSAGE = 5000;
/** Records written in one transaction; more wait for the next. */
const MAX_BATCH = 5000;
/**
 * Transactions under way at once: while one commits in the database, the next is checked and
 * prepared here (the HTTP path gets the same overlap from its concurrent requests). Batches of
 * the same plants take turns on the plants' locks (ingest.ts); a device's samples may then commit
 * out of order, which the rollups and the latest state already allow for.
 */
const MAX_WRITES = 2;
const DAY_MS = 24 * 3600 * 1000;

/** A message the device may not send (bad topic or payload, a serial outside its organisation). */
export class Refused extends Error {}

export interface Message {
  /** The topic's serial. */
  sn: string;
  records: Record<string, unknown>[];
}

/** Reads a message; a record without `sn` is the topic's device's. */
export function messageOf(topic: string, payload: Buffer | string): Message {
  const sn = topic.startsWith(TOPIC_PREFIX) ? topic.slice(TOPIC_PREFIX.length) : '';
  if (!sn || sn.includes('/')) throw new Refused(`topic must be ${TOPIC_PREFIX}<sn>, not ${topic}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString());
  } catch {
    throw new Refused('payload: not JSON');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (!list.length || list.length > MAX_RECORDS_PER_MESSAGE) throw new Refused(`payload: 1 to ${MAX_RECORDS_PER_MESSAGE} records`);
  // Anything but an object is left to ingest's checks, which reject it with a reason.
  return { sn, records: list.map((r) => (r !== null && typeof r === 'object' && !Array.isArray(r) && !('sn' in r) ? { sn, ...r } : r)) };
}

interface Pending extends Message {
  /** The publishing API client's office subtree; undefined: the external broker vouched for it. */
  officePath: string | undefined;
  resolve(): void;
  reject(error: Error): void;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The office path of each serial that is bound to a plant (lower-case serials). */
export async function plantPaths(db: Db, serials: string[]): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    select lower(d.sn) as sn, o.path from devices d
    join plants p on p.plant_uid = d.plant_uid join offices o on o.id = p.office_id
    where lower(d.sn) in (select lower(value) from jsonb_array_elements_text(${JSON.stringify(serials)}::jsonb))`);
  return new Map((result as unknown as { rows: { sn: string; path: string }[] }).rows.map((r) => [r.sn, r.path]));
}

export class MqttIngest {
  private pending: Pending[] = [];
  private writers = 0;

  constructor(private readonly db: Db, private readonly live: LiveEvents, private readonly log: FastifyBaseLogger, private readonly retentionDays: number) {}

  /** Resolves once the message's records are committed; rejects `Refused` for a serial outside `officePath`. */
  submit(message: Message, officePath: string | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ ...message, officePath, resolve, reject });
      if (this.writers >= MAX_WRITES) return;
      this.writers++;
      // A turn of the event loop lets the other packets of the same socket read join this batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain() {
    while (this.pending.length) {
      let count = 0;
      const batch: Pending[] = [];
      while (this.pending.length && (batch.length === 0 || count + this.pending[0]!.records.length <= MAX_BATCH)) {
        const next = this.pending.shift()!;
        batch.push(next);
        count += next.records.length;
      }
      try {
        await this.write(batch);
      } catch (error) {
        for (const message of batch) message.reject(error as Error);
      }
      // PGlite answers in microtasks: without this, a steady stream of messages would starve HTTP.
      await yieldToEventLoop();
    }
    this.writers--;
  }

  private async write(batch: Pending[]) {
    // The topic's serial and every record's must be devices of plants in the client's subtree.
    const serialsOf = (message: Pending) => [message.sn, ...message.records.flatMap((r) => (typeof r?.sn === 'string' ? [r.sn] : []))]
      .map((sn) => sn.toLowerCase());
    const scoped = batch.filter((m) => m.officePath !== undefined);
    const paths = scoped.length ? await plantPaths(this.db, [...new Set(scoped.flatMap(serialsOf))]) : new Map<string, string>();
    // Refused whole, before anything of it is stored: one foreign serial refuses the message.
    const allowed = batch.filter((message) => {
      const foreign = message.officePath === undefined ? undefined
        : serialsOf(message).find((sn) => !paths.get(sn)?.startsWith(message.officePath!));
      if (foreign !== undefined) message.reject(new Refused(`sn ${foreign}: not a device of a plant of this client's organisation`));
      return foreign === undefined;
    });
    if (!allowed.length) return;
    const records = allowed.flatMap((m) => m.records);
    const result = await ingest(this.db, records, { oldest: new Date(Date.now() - this.retentionDays * DAY_MS) });
    this.live.committed(result.plants);
    // Nobody waits for per-record reasons over MQTT: the log keeps them for the installer.
    if (result.rejected.length) {
      this.log.warn({ rejected: result.rejected.slice(0, 20).map((r) => ({ sn: (records[r.index] as { sn?: unknown })?.sn, reason: r.reason })), count: result.rejected.length }, 'mqtt: records rejected');
    }
    for (const message of allowed) message.resolve();
  }
}
