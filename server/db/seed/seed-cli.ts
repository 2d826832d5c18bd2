// `npm run db:seed`: writes the reference data (and, in demo mode, the demo accounts) once;
// running it again changes nothing.
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seed } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
await seed(database.db, { demo: config.demo, demoPassword: config.demoPassword, adminLogin: config.adminLogin, adminPassword: config.adminPassword, brand: config.brand });
console.log(`seeded (${database.kind}, demo ${config.demo ? 'on' : 'off'})`);
await database.close();
