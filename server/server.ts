// Starts the portal: opens the database (applying migrations), seeds reference data, listens,
// and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish, the database closes).
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed/seed.ts';
import { buildApp } from './app.ts';

export async function startServer() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seed(database.db, { demo: config.demo, demoPassword: config.demoPassword, adminLogin: config.adminLogin, adminPassword: config.adminPassword });
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  app.log.info({ database: database.kind, demo: config.demo }, `portal ready on http://localhost:${config.port} in ${seconds} s`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
