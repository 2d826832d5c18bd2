// One user's display settings: the stored row, or the defaults for a user who never saved one.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userSettings } from '../db/schema/index.ts';
import { SETTING_DEFAULTS, SETTING_FIELDS, type SettingChanges, type UserSettings } from '../domain/settings/user-settings.ts';

type Row = typeof userSettings.$inferSelect;

function dto(row: Row | undefined): UserSettings {
  if (!row) return { ...SETTING_DEFAULTS };
  // The columns hold what setUp let through the contract, so they are the schema's values.
  const values = Object.fromEntries(SETTING_FIELDS.map((field) => [field, row[field as keyof Row]])) as UserSettings;
  return { ...values, updateTime: row.updatedAt.toISOString() };
}

export async function readSettings(db: Db, userId: string) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return dto(row);
}

/**
 * Stores the fields of `changes` and only those, in one statement: a first save writes the
 * defaults for the rest, a later one leaves the rest as they are.
 */
export async function saveSettings(db: Db, userId: string, changes: SettingChanges) {
  const [row] = await db.insert(userSettings).values({ ...SETTING_DEFAULTS, ...changes, userId })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return dto(row);
}
