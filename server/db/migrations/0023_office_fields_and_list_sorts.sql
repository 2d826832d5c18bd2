ALTER TABLE "offices" ADD COLUMN "office_type" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "offices_name_idx" ON "offices" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "offices_created_idx" ON "offices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_login_name_sort_idx" ON "users" USING btree (lower("login_name"),"id");--> statement-breakpoint
CREATE INDEX "users_nickname_sort_idx" ON "users" USING btree (lower("nickname"),"id");--> statement-breakpoint
CREATE INDEX "devices_model_code_sort_idx" ON "devices" USING btree ("model_code","id");--> statement-breakpoint
CREATE INDEX "devices_rated_power_sort_idx" ON "devices" USING btree ("rated_power","id");--> statement-breakpoint
CREATE INDEX "devices_sn_type_sort_idx" ON "devices" USING btree ("sn_type","id");--> statement-breakpoint
-- The platform's root office is the platform; every other office stays a department until edited.
UPDATE "offices" SET "office_type" = 1 WHERE "id" = '1';
