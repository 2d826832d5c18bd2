-- A time zone is stored only when PostgreSQL can convert with it: statistics, lists and the
-- simulator put every plant's instants `at time zone` its zone, and one zone PostgreSQL refused
-- (Mars/Olympus, posixrules, localtime, US/Pacific-New: SQLSTATE 22023) had failed every plant
-- list of its tree and every live step of the simulator. The server also checks a zone against
-- the runtime's names when it is written (server/contract/value-formats.ts); this is the
-- database's own guard. Names only: an offset (+05:00) is not a zone of the time-zone list, and
-- the zone files that are not zones (Factory, localtime, posixrules, the posix/ and right/
-- copies), which PostgreSQL finds where it reads the system's zone database, the runtime refuses.
CREATE OR REPLACE FUNCTION is_time_zone(zone text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF zone !~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$'
    OR lower(zone) IN ('factory', 'localtime', 'posixrules') OR lower(zone) ~ '^(posix|right)/' THEN
    RETURN false;
  END IF;
  PERFORM now() AT TIME ZONE zone;
  RETURN true;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN false;
END
$$;--> statement-breakpoint
-- Zones stored before the check, and those spelt otherwise than PostgreSQL lists them (which
-- the time-zone list would not show as chosen): the listed spelling of the same name, else UTC.
WITH names AS MATERIALIZED (SELECT name FROM pg_timezone_names WHERE is_time_zone(name))
UPDATE "plants" p SET "time_zone" = coalesce((SELECT n.name FROM names n WHERE lower(n.name) = lower(p."time_zone") ORDER BY n.name LIMIT 1), 'UTC')
WHERE p."time_zone" IS NOT NULL AND p."time_zone" NOT IN (SELECT name FROM names);--> statement-breakpoint
WITH names AS MATERIALIZED (SELECT name FROM pg_timezone_names WHERE is_time_zone(name))
UPDATE "users" u SET "time_zone" = coalesce((SELECT n.name FROM names n WHERE lower(n.name) = lower(u."time_zone") ORDER BY n.name LIMIT 1), 'UTC')
WHERE u."time_zone" IS NOT NULL AND u."time_zone" NOT IN (SELECT name FROM names);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_known" CHECK ("users"."time_zone" is null or is_time_zone("users"."time_zone"));--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_time_zone_known" CHECK ("plants"."time_zone" is null or is_time_zone("plants"."time_zone"));