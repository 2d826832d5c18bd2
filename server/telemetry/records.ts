// One telemetry record checked on its own (schemas/entities/telemetry-record.schema.json, PROTOCOL.md
// "Telemetry record"): a bad record is rejected with a reason naming the field, and the rest of its
// batch goes on.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** How far ahead of the server's clock a measurement may be (clock skew of a device). */
export const MAX_FUTURE_MS = 5 * 60 * 1000;

const MEASURED = [
  'pvPower', 'acPower', 'gridPower', 'loadPower', 'batteryPower', 'batterySoc',
  'pvEnergyTotal', 'gridImportTotal', 'gridExportTotal', 'loadEnergyTotal', 'batteryChargeTotal', 'batteryDischargeTotal',
  'temperature', 'faultCode', 'gridVoltage', 'gridFrequency',
] as const;
export type MeasuredField = (typeof MEASURED)[number];

/**
 * Fields stored as `real`: a value so small that a 32-bit float holds it only as zero (1e-300) is
 * refused by PostgreSQL as out of range, which had failed the record's whole batch.
 */
const SINGLE_PRECISION: readonly MeasuredField[] = ['pvPower', 'acPower', 'gridPower', 'loadPower', 'batteryPower', 'batterySoc', 'temperature', 'gridVoltage', 'gridFrequency'];
const underflows = (value: number) => value !== 0 && Math.fround(value) === 0;

/** A record as stored: a serial, an instant and the fields the device sent. */
export type TelemetrySample = { sn: string; ts: Date } & Partial<Record<MeasuredField, number>>;

const schemaFile = fileURLToPath(new URL('../../schemas/entities/telemetry-record.schema.json', import.meta.url));
const ajv = new Ajv2020({ strict: false, allErrors: false, strictNumbers: true });
(addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);

/** The record as a sample, or the reason it is refused. Unknown fields are ignored, as devices add their own. */
export function checkRecord(record: unknown, now = Date.now()): TelemetrySample | { reason: string } {
  if (!validate(record)) {
    const error = validate.errors![0]!;
    const field = error.instancePath.replace(/^\//, '').split('/')[0] || (error.params as { missingProperty?: string }).missingProperty || 'record';
    return { reason: `${field}: ${error.message ?? 'invalid'}` };
  }
  const raw = record as Record<string, unknown>;
  const ts = new Date(raw.ts as string | number);
  if (Number.isNaN(ts.getTime())) return { reason: 'ts: not a valid time' };
  if (ts.getTime() > now + MAX_FUTURE_MS) return { reason: 'ts: more than 5 minutes in the future' };
  const tiny = SINGLE_PRECISION.find((field) => typeof raw[field] === 'number' && underflows(raw[field]));
  if (tiny) return { reason: `${tiny}: too small to store; send 0 or a magnitude of at least 1e-45` };
  const sample: TelemetrySample = { sn: raw.sn as string, ts };
  for (const field of MEASURED) if (typeof raw[field] === 'number') sample[field] = raw[field];
  return sample;
}
