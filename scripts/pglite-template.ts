// Part of `npm run build`: writes the migrated PGlite template to .cache/ (its directory and its
// dump), so that the server starts on a fresh data directory without initdb
// (server/db/pglite-template.ts).
import path from 'node:path';
import { writeTemplate } from '../server/db/pglite-template.ts';

const started = performance.now();
const { dir, bytes } = await writeTemplate();
console.log(`database template ${path.relative(process.cwd(), dir)} (dump ${(bytes / 2 ** 20).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
