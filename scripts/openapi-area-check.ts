// Lints a subset of the contract while it is being written: builds a temporary root that
// references only the named areas' paths, runs redocly on it, and checks that every operation
// planned for those areas (openapi/operations.tsv) is there with the planned operationId.
// Usage: npx tsx scripts/openapi-area-check.ts plants sharing
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { parse } from 'yaml';

const areas = process.argv.slice(2);
const rows = readFileSync('openapi/operations.tsv', 'utf8').trim().split('\n').map((l) => l.split('\t'));
const root = parse(readFileSync('openapi/portal.yaml', 'utf8'));
const wanted = rows.filter(([area]) => areas.includes(area!));
root.paths = Object.fromEntries(Object.entries(root.paths).filter(([p]) => wanted.some((r) => r[2] === p)));
const tmp = `openapi/.check-${process.pid}.yaml`;
writeFileSync(tmp, JSON.stringify(root));
let failed = false;
try {
  execFileSync('npx', ['redocly', 'lint', tmp, '--format', 'stylish'], { stdio: 'inherit' });
} catch {
  failed = true;
}
rmSync(tmp);
for (const [area, method, path, opId] of wanted) {
  const file = parse(readFileSync(`openapi/paths/${area}.yaml`, 'utf8')) ?? {};
  const op = file[path!]?.[method!.toLowerCase()];
  if (!op) { console.error(`missing: ${method} ${path}`); failed = true; continue; }
  if (op.operationId !== opId) { console.error(`operationId of ${path} is ${op.operationId}, planned ${opId}`); failed = true; }
  if (!op.tags?.includes(area)) { console.error(`tag of ${path} must be ${area}`); failed = true; }
}
console.log(failed ? 'FAILED' : `ok: ${wanted.length} operations`);
process.exit(failed ? 1 : 0);
