-- Announces committed writes to the tables that memoised list pages read
-- (server/services/list-memo.ts): NOTIFY portal_auth 'table:<name>', heard by every server
-- process, which drops the pages that read that table. Statement-level, so that a bulk write
-- announces once; PostgreSQL folds identical notifications of one transaction into one.
CREATE OR REPLACE FUNCTION portal_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'table:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER model_codes_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "model_codes" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER model_code_serials_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "model_code_serials" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
