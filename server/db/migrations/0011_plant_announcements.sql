-- Announces changes to which plants a user sees (server/services/count-cache.ts): a plant added,
-- removed, or moved to another office or owner. Statement-level, and only for those columns, so
-- that a busy table of plant readings does not announce anything.
CREATE OR REPLACE FUNCTION portal_plants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'plants');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plants_rows_announced AFTER INSERT OR DELETE ON "plants" FOR EACH STATEMENT EXECUTE FUNCTION portal_plants_changed();
--> statement-breakpoint
CREATE TRIGGER plants_scope_announced AFTER UPDATE OF "office_id", "owner_user_id" ON "plants" FOR EACH STATEMENT EXECUTE FUNCTION portal_plants_changed();
