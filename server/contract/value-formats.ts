// The contract's value formats (src/lib/value-formats.ts) for the server's validator. A time
// zone must also be one PostgreSQL knows, since statistics convert instants with `at time zone`
// there: the runtime accepts names (US/Pacific-New) that PostgreSQL refuses, and the other way
// round (Factory).
import { sql } from 'drizzle-orm';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Db } from '../db/client.ts';
import { isCountryCode, isIdList, isRuntimeTimeZone } from '../../src/lib/value-formats.ts';
import { isEmail } from '../../src/lib/validators.ts';

/** The zones of the database the process works on; until it is read, the runtime alone decides. */
let databaseZones: ReadonlySet<string> | undefined;

/** Reads the database's zone names (once per process: tzdata changes only with an upgrade). */
export async function learnDatabaseTimeZones(db: Db): Promise<void> {
  if (databaseZones) return;
  const result = await db.execute(sql`select name from pg_timezone_names`);
  databaseZones = new Set((result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
}

/** A zone PostgreSQL and the runtime both know, spelt as PostgreSQL lists it. */
export const isStorableTimeZone = (zone: string): boolean => isRuntimeTimeZone(zone) && (databaseZones?.has(zone) ?? true);

export function addValueFormats(ajv: Ajv2020): void {
  ajv.addFormat('time-zone', { type: 'string', validate: isStorableTimeZone });
  ajv.addFormat('country-code', { type: 'string', validate: isCountryCode });
  ajv.addFormat('id-list', { type: 'string', validate: isIdList });
  // The forms' e-mail rule (000 section 5) in place of ajv-formats' own, which refuses addresses
  // the forms accept (ü@example.cn, a..b@example.cn): one rule on both sides.
  ajv.addFormat('email', { type: 'string', validate: isEmail });
}

/** The rule a failed format reports, whose message (rule.<name>) says what the value must be. */
export const FORMAT_RULES: Record<string, string> = { 'time-zone': 'timeZone', 'country-code': 'country', 'id-list': 'idList' };
