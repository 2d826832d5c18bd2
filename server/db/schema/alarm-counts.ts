// How many alarms each plant has in each state and level (issue 23): the alarm centre's level
// counts, the untreated badge and an unfiltered list's total sum a few of these rows per plant in
// scope instead of counting the alarms themselves, which grow without end.
//
// Kept by statement triggers on `alarms` (migration 0034, function alarm_counts_follow) in the
// transaction of the write, whoever writes: the rules of ingest and of the schedule, the replay
// of a backfill, a user's close, a plant's deletion (its alarms cascade), a bench's or a test's
// bulk insert. A row whose number falls to 0 is deleted, so that the table holds exactly the
// groups `select plant_uid, state, level, count(*) from alarms group by 1, 2, 3` answers; for the
// same reason it has no foreign key to plants: the alarms' cascade brings a deleted plant's rows
// to 0 and removes them.
import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

export const alarmCounts = pgTable('alarm_counts', {
  plantUid: text('plant_uid').notNull(),
  /** As alarms.state: 1 untreated, 2 recovered, 3 closed. */
  state: smallint('state').notNull(),
  /** As alarms.level: 0 minor, 1 major, 2 critical. */
  level: smallint('level').notNull(),
  alarmNum: integer('alarm_num').notNull(),
}, (t) => [primaryKey({ name: 'alarm_counts_pk', columns: [t.plantUid, t.state, t.level] })]);
