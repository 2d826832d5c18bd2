// Whether this server process has its PostgreSQL database to itself (the default) or shares it
// with other server processes (CLUSTER=1). Alone, it keeps replay nonces in memory and trusts its
// session cache without asking the database on every request; in a cluster, the processes agree
// through the database (or Redis). Either way is safe only if every process runs the same way,
// so each holds an advisory lock for its whole life, on a connection of its own: exclusive
// alone, shared in a cluster. A process whose way conflicts with those already running refuses
// to start, and says why.
import type pgModule from 'pg';

/** The key of the advisory lock ("portal" in ASCII); advisory locks are per database. */
export const OWNERSHIP_LOCK_KEY = 0x706f7274616cn;
const RETRY_MS = 1000;

export class OwnershipConflictError extends Error {}

const conflict = (shared: boolean) => new OwnershipConflictError(shared
  ? 'CLUSTER=1: a server process that holds this database alone (CLUSTER unset) is running; stop it, or restart it with CLUSTER=1'
  : 'another server process uses this database; to run several, start every one of them with CLUSTER=1');

export interface Ownership {
  release(): Promise<void>;
}

/**
 * Takes the lock, or throws OwnershipConflictError. Should the connection that holds it break,
 * it is taken again on a new one; if another process got in meanwhile, `onLost` hears the
 * conflict and this process must stop serving.
 */
export async function holdDatabase(pg: typeof pgModule, url: string, shared: boolean, onLost: (error: Error) => void): Promise<Ownership> {
  let client: InstanceType<typeof pg.Client> | undefined;
  let released = false;
  const take = async () => {
    const next = new pg.Client({ connectionString: url });
    await next.connect();
    const statement = shared ? 'select pg_try_advisory_lock_shared($1) as held' : 'select pg_try_advisory_lock($1) as held';
    const { rows } = await next.query<{ held: boolean }>(statement, [OWNERSHIP_LOCK_KEY.toString()]);
    if (!rows[0]?.held) {
      await next.end();
      throw conflict(shared);
    }
    next.on('error', () => {
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      if (!released) retake();
    });
    client = next;
  };
  const retake = () => {
    setTimeout(() => {
      if (released) return;
      take().catch((error: Error) => {
        if (error instanceof OwnershipConflictError) onLost(error);
        else retake();
      });
    }, RETRY_MS).unref();
  };
  await take();
  return {
    async release() {
      released = true;
      await client?.end().catch(() => undefined);
    },
  };
}
