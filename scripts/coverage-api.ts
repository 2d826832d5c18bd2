// `npm run coverage:api`: how many operations of the contract have a real handler, overall
// and per area. An operation without one answers 10001 `not implemented: <operationId>`.
import { loadContract } from '../server/contract/contract.ts';
import { handlers } from '../server/handlers/index.ts';
import { implementedOperations } from '../server/plugins/routes.ts';

const contract = loadContract();
const implemented = new Set(implementedOperations(contract, handlers).map((o) => o.operationId));
const areas = new Map<string, { done: number; total: number; missing: string[] }>();
for (const operation of contract.operations) {
  const area = areas.get(operation.area) ?? { done: 0, total: 0, missing: [] };
  area.total += 1;
  if (implemented.has(operation.operationId)) area.done += 1;
  else area.missing.push(operation.operationId);
  areas.set(operation.area, area);
}
const verbose = process.argv.includes('--missing');
for (const [name, area] of [...areas].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${name.padEnd(16)} implemented ${area.done} of ${area.total}`);
  if (verbose && area.missing.length) console.log(`    missing: ${area.missing.join(', ')}`);
}
console.log(`implemented ${implemented.size} of ${contract.operations.length}`);
