CREATE TABLE "alarm_counts" (
	"plant_uid" text NOT NULL,
	"state" smallint NOT NULL,
	"level" smallint NOT NULL,
	"alarm_num" integer NOT NULL,
	CONSTRAINT "alarm_counts_pk" PRIMARY KEY("plant_uid","state","level")
);
--> statement-breakpoint
-- Keeps alarm_counts (server/db/schema/alarm-counts.ts) in the transaction of every write to
-- alarms: one aggregate per statement over its transition tables (a bulk insert or an ingest
-- batch's rules is one upsert, not one per row), in key order so that two writers lock the rows
-- they share in the same order; the groups that fall to 0 are deleted.
CREATE OR REPLACE FUNCTION alarm_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT plant_uid, state, level, 1 AS n FROM new_alarms'
    WHEN 'DELETE' THEN 'SELECT plant_uid, state, level, -1 AS n FROM old_alarms'
    ELSE 'SELECT plant_uid, state, level, 1 AS n FROM new_alarms UNION ALL SELECT plant_uid, state, level, -1 FROM old_alarms' END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM alarm_counts;
    RETURN NULL;
  END IF;
  EXECUTE 'INSERT INTO alarm_counts AS k (plant_uid, state, level, alarm_num)
    SELECT plant_uid, state, level, sum(n) FROM (' || changes || ') c GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (plant_uid, state, level) DO UPDATE SET alarm_num = k.alarm_num + excluded.alarm_num';
  EXECUTE 'DELETE FROM alarm_counts k USING (SELECT DISTINCT plant_uid FROM (' || changes || ') c) c
    WHERE k.plant_uid = c.plant_uid AND k.alarm_num = 0';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alarms_counted_insert AFTER INSERT ON "alarms" REFERENCING NEW TABLE AS new_alarms FOR EACH STATEMENT EXECUTE FUNCTION alarm_counts_follow();
--> statement-breakpoint
CREATE TRIGGER alarms_counted_update AFTER UPDATE ON "alarms" REFERENCING OLD TABLE AS old_alarms NEW TABLE AS new_alarms FOR EACH STATEMENT EXECUTE FUNCTION alarm_counts_follow();
--> statement-breakpoint
CREATE TRIGGER alarms_counted_delete AFTER DELETE ON "alarms" REFERENCING OLD TABLE AS old_alarms FOR EACH STATEMENT EXECUTE FUNCTION alarm_counts_follow();
--> statement-breakpoint
CREATE TRIGGER alarms_counted_truncate AFTER TRUNCATE ON "alarms" FOR EACH STATEMENT EXECUTE FUNCTION alarm_counts_follow();
--> statement-breakpoint
-- The alarms stored before this migration: counted once.
INSERT INTO alarm_counts (plant_uid, state, level, alarm_num) SELECT plant_uid, state, level, count(*) FROM alarms GROUP BY 1, 2, 3;
