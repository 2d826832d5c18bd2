-- Announces every change that could alter a resolved session (server/services/auth-cache.ts):
-- NOTIFY portal_auth at commit, heard by every server process, which forgets what it cached.
-- Payloads: 'session:<id>', 'user:<id>', or 'all' for roles, permissions and offices.
CREATE OR REPLACE FUNCTION portal_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  subject text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    subject := 'all';
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    subject := 'session:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSIF TG_TABLE_NAME = 'session_tokens' THEN
    subject := 'session:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.session_id ELSE NEW.session_id END);
  ELSE
    subject := 'user:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  END IF;
  PERFORM pg_notify('portal_auth', subject);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER session_tokens_auth_changed AFTER UPDATE OR DELETE ON "session_tokens" FOR EACH ROW EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER offices_auth_changed AFTER INSERT OR UPDATE OR DELETE ON "offices" FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
