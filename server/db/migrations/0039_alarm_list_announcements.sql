-- Announces committed writes to what a page of the alarm centre reads (server/repositories/alarms.ts),
-- so that the list memo can keep its pages between them (NOTIFY portal_auth 'table:<name>',
-- migration 0017). plants and devices take telemetry's figures all day long: on them only the
-- columns a list shows or is scoped by announce, so that telemetry drops nothing. A list that
-- shows any other column of theirs cannot be memoised on these announcements.
CREATE TRIGGER alarms_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alarms" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER alarm_counts_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alarm_counts" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER offices_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offices" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER plant_shares_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plant_shares" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER plants_listed_rows_announced AFTER INSERT OR DELETE OR TRUNCATE ON "plants" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER plants_listed_columns_announced AFTER UPDATE OF "plant_uid", "plant_name", "office_id", "owner_user_id", "time_zone" ON "plants" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER devices_listed_rows_announced AFTER INSERT OR DELETE OR TRUNCATE ON "devices" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER devices_listed_columns_announced AFTER UPDATE OF "id", "alias" ON "devices" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
