// `npm run db:generate`: drizzle-kit's migration of the schema's changes, then, for every table of
// a stored resource (server/db/schema/generated/) that no migration announces yet, the statement
// trigger that tells every server process about its writes (NOTIFY portal_auth 'table:<name>',
// migration 0017), so that the list memo drops their pages. drizzle-kit knows no triggers: they
// are appended to the migration that has just been written (or to one of their own).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const migrations = path.join(root, 'server/db/migrations');
const journal = () => JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const drizzleKit = (...args: string[]) => {
  const run = spawnSync('npx', ['drizzle-kit', 'generate', ...args], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
};

const before = journal().entries.length;
drizzleKit(...process.argv.slice(2));

const generatedDir = path.join(root, 'server/db/schema/generated');
const tables = existsSync(generatedDir)
  ? readdirSync(generatedDir).flatMap((f) => [...readFileSync(path.join(generatedDir, f), 'utf8').matchAll(/pgTable\('([a-z0-9_]+)'/g)].map((m) => m[1]!))
  : [];
const written = readdirSync(migrations).filter((f) => f.endsWith('.sql')).map((f) => readFileSync(path.join(migrations, f), 'utf8')).join('\n');
const missing = tables.filter((t) => !written.includes(`CREATE TRIGGER ${t}_announced `));
if (missing.length) {
  const own = journal().entries.length === before;
  if (own) drizzleKit('--custom', `--name=announce_${missing[0]}`);
  const newest = path.join(migrations, `${journal().entries.at(-1)!.tag}.sql`);
  const statements = missing.map((t) =>
    `CREATE TRIGGER ${t}_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();`);
  // A migration of their own holds the triggers alone (drizzle-kit's placeholder comment goes).
  const sql = own ? '' : readFileSync(newest, 'utf8').trimEnd();
  writeFileSync(newest, `${sql}${sql ? '--> statement-breakpoint\n' : ''}${statements.join('--> statement-breakpoint\n')}\n`);
  console.log(`announced writes to ${missing.join(', ')} in ${path.relative(root, newest)}`);
}
