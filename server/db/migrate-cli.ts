// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded
// database under DATA_DIR. The server does this at start too; this is for deploy pipelines.
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
console.log(`migrations applied (${database.kind})`);
await database.close();
