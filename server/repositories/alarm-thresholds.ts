// A plant's own alarm limits (plant_alarm_thresholds), which the rules of server/alarms/ read in
// place of their defaults. The plant's access is checked by the operations' guard
// (server/handlers/plant-access.ts) before these run.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { plantAlarmThresholds, plants } from '../db/schema/index.ts';
import { checkThresholds, SHOWN_DEFAULTS, THRESHOLD_FIELDS, type OwnThresholds, type ThresholdField } from '../domain/alarms/thresholds.ts';
import { notFoundOrForbidden } from '../errors.ts';

type Row = typeof plantAlarmThresholds.$inferSelect;

function toDto(plantUid: string, row: Row | undefined) {
  const thresholds = Object.fromEntries(THRESHOLD_FIELDS.map((f) => [f, row?.[f] ?? null])) as Record<ThresholdField, number | null>;
  return { plantUid, thresholds, defaults: SHOWN_DEFAULTS, updateTime: row ? row.updatedAt.toISOString() : null };
}
export type PlantThresholdsDto = ReturnType<typeof toDto>;

export async function plantThresholds(db: Db, plantUid: string): Promise<PlantThresholdsDto> {
  const [row] = await db.select().from(plantAlarmThresholds).where(eq(plantAlarmThresholds.plantUid, plantUid));
  return toDto(plantUid, row);
}

/**
 * Replaces the plant's own limits with `own` (a field left out returns to its default), after the
 * rules' cross-field checks. A plant with none keeps no row: ingest runs the rules' statement for
 * every batch of a plant that has one (server/telemetry/ingest.ts, `watched`).
 */
export async function savePlantThresholds(db: Db, plantUid: string, own: OwnThresholds): Promise<PlantThresholdsDto> {
  checkThresholds(own);
  const values = Object.fromEntries(THRESHOLD_FIELDS.map((f) => [f, own[f] ?? null])) as Record<ThresholdField, number | null>;
  return db.transaction(async (tx) => {
    // The plant, locked: one removed since the guard saw it stores nothing, and two edits at once take turns.
    const [plant] = await tx.select({ plantUid: plants.plantUid }).from(plants).where(eq(plants.plantUid, plantUid)).for('update');
    if (!plant) throw notFoundOrForbidden();
    if (Object.values(values).every((v) => v === null)) {
      await tx.delete(plantAlarmThresholds).where(eq(plantAlarmThresholds.plantUid, plantUid));
      return toDto(plantUid, undefined);
    }
    const [row] = await tx.insert(plantAlarmThresholds).values({ plantUid, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: plantAlarmThresholds.plantUid, set: { ...values, updatedAt: new Date() } }).returning();
    return toDto(plantUid, row);
  });
}
