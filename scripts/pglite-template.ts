// Part of `npm run build`: writes the migrated PGlite template to .cache/, so that the server
// starts on a fresh data directory without initdb (server/db/pglite-template.ts).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEMPLATE_FOLDER, dumpTemplate, templatePath } from '../server/db/pglite-template.ts';

mkdirSync(TEMPLATE_FOLDER, { recursive: true });
for (const old of readdirSync(TEMPLATE_FOLDER).filter((f) => f.startsWith('pglite-template-'))) rmSync(path.join(TEMPLATE_FOLDER, old));
const started = performance.now();
const dump = await dumpTemplate();
const file = templatePath();
writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
console.log(`database template ${path.relative(process.cwd(), file)} (${(dump.size / 2 ** 20).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
