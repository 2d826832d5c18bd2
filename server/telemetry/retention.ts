// Raw-telemetry retention: once a day, the monthly partitions wholly older than RAW_RETENTION_DAYS
// are dropped. Rollups stay. Several processes may run it: dropping a dropped month does nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { dropPartitionsBefore } from './partitions.ts';

const DAY_MS = 24 * 3600 * 1000;

export function startRetention(db: Db, retentionDays: number, log: FastifyBaseLogger): { stop(): void } {
  const run = () => {
    dropPartitionsBefore(db, new Date(Date.now() - retentionDays * DAY_MS)).then((months) => {
      if (months.length) log.info({ months }, 'telemetry: raw months past retention dropped');
    }, (error: Error) => log.warn({ err: error }, 'telemetry: retention failed'));
  };
  run();
  const timer = setInterval(run, DAY_MS).unref();
  return { stop: () => clearInterval(timer) };
}
