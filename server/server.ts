// Starts the portal: opens the database (applying migrations), seeds reference data, listens,
// and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish, the database closes).
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { templateFor } from './db/pglite-template.ts';
import { seed } from './db/seed/seed.ts';
import { buildApp } from './app.ts';
import { OwnershipConflictError } from './db/ownership.ts';

export async function startServer() {
  const started = performance.now();
  const config = loadConfig();
  // Where start-up time goes, logged with the ready line (bench/start, README "Start-up").
  const stagesMs: Record<string, number> = {};
  const stage = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    try {
      return await work();
    } finally {
      stagesMs[name] = Math.round(performance.now() - at);
    }
  };
  // A new PGlite directory starts as a copy of the migrated template (made first when there is none).
  const template = config.databaseUrl ? {} : await stage('template', () => templateFor(config.dataDir));
  const database = await stage('database', () => openDatabase({
    databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, namedStatements: config.databaseNamedStatements,
    templateDir: template.templateDir, loadDataDir: template.loadDataDir,
  }));
  await stage('seed', () => seed(database.db, { demo: config.demo, demoPassword: config.demoPassword, adminLogin: config.adminLogin, adminPassword: config.adminPassword, brand: config.brand }));
  let stopping = false;
  // Also when the process finds another in its place on the database (server/db/ownership.ts),
  // which may be while the app is still being built: then with code 1.
  let app: FastifyInstance | undefined = undefined;
  const stop = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    if (!app) process.exit(code);
    app.log.info({ reason }, 'shutting down');
    // Waiting requests are turned away at once (admission); a request stuck past this is abandoned.
    setTimeout(() => {
      app?.log.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, 10_000).unref();
    await app.close();
    app.log.info('requests finished; closing the database');
    await database.close();
    app.log.info('database closed');
    process.exit(code);
  };
  app = await stage('app', () => buildApp({ config, database, stop: () => void stop('lost hold of the database', 1) }));
  await stage('listen', () => app.listen({ port: config.port, host: config.host }));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // Where the memory is, in MB: PGlite's WebAssembly heap counts as arrayBuffers (README "Memory").
  const mb = (n: number) => Math.round(n / 2 ** 20);
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const memory = { rssMb: mb(rss), heapUsedMb: mb(heapUsed), externalMb: mb(external), arrayBuffersMb: mb(arrayBuffers) };
  // The CPU the process has used since it began (all its threads, module loading included): a
  // figure a busy machine stretches less than the clock (bench/start).
  const { user, system } = process.cpuUsage();
  const cpuMs = Math.round((user + system) / 1000);
  app.log.info({ database: database.kind, demo: config.demo, memory, stagesMs, cpuMs }, `portal ready on http://localhost:${config.port} in ${seconds} s`);

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return app;
}

/** Starts the server, or ends the process with what stopped it. */
export function main() {
  startServer().catch((error: unknown) => {
    // A conflict with the server processes already running is the operator's to resolve: its message says how.
    console.error(error instanceof OwnershipConflictError ? error.message : error);
    process.exit(1);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) main();
