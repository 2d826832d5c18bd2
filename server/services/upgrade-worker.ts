// Carries out AU firmware upgrade tasks over time (repositories/au-upgrade.ts advanceUpgrades):
// one step every UPGRADE_TICK_MS, so an upgrade takes a few steps from start to success, as a real
// over-the-air upgrade takes a while. Several server processes may run it on one database: a step
// locks the rows it advances and skips rows another process holds.
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { plantUpgradeTasks } from '../db/schema/index.ts';
import { advanceUpgrades } from '../repositories/au-upgrade.ts';

export const UPGRADE_TICK_MS = 2_000;

export interface UpgradeWorker {
  stop(): Promise<void>;
}

export function startUpgradeWorker(db: Db, log: FastifyBaseLogger, tickMs = UPGRADE_TICK_MS): UpgradeWorker {
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    // A cheap look first, so that an idle server opens no transaction every tick.
    const [any] = await db.select({ id: plantUpgradeTasks.id }).from(plantUpgradeTasks)
      .where(inArray(plantUpgradeTasks.status, ['waiting', 'upgrading'])).limit(1);
    if (any) await advanceUpgrades(db);
  };
  const timer = setInterval(() => {
    running = running.then(tick).catch((error: unknown) => log.error({ err: error }, 'upgrade worker step failed'));
  }, tickMs);
  // The timer alone never keeps the process alive; shutdown stops it and waits for the step under way.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
