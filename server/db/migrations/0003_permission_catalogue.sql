CREATE TABLE "permissions" (
	"permission" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
-- Strings already granted join the catalogue before the reference is enforced; the seed refines their source.
INSERT INTO "permissions" ("permission", "source") SELECT DISTINCT "permission", 'contract' FROM "role_permissions" ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_permissions_permission_fk" FOREIGN KEY ("permission") REFERENCES "public"."permissions"("permission") ON DELETE no action ON UPDATE cascade;