CREATE TABLE "app_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"app_version" text NOT NULL,
	"update_date" date NOT NULL,
	"release_notes" text,
	"release_notes_zh" text,
	"download_url" text,
	"force_update" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"oem_key" text NOT NULL,
	"host_names" text,
	"platform_name" text NOT NULL,
	"sub_title" text,
	"logo_url" text NOT NULL,
	"favicon_url" text,
	"company_brief" text,
	"call_center" text,
	"email" text,
	"fax" text,
	"postal" text,
	"address" text,
	"languages" text NOT NULL,
	"about_us" text,
	"copyright" text,
	"ai_chat_h5_url" text,
	"vpphub_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "industries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "network_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "network_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_name" text NOT NULL,
	"site_name_zh" text,
	"domain_url" text NOT NULL,
	"site_pic_url" text,
	"site_desc" text,
	"site_desc_zh" text,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industries" ADD CONSTRAINT "industries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industries" ADD CONSTRAINT "industries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_sites" ADD CONSTRAINT "network_sites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_sites" ADD CONSTRAINT "network_sites_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_versions_created_idx" ON "app_versions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_platform_app_version_uq" ON "app_versions" USING btree (lower("platform"),lower("app_version"));--> statement-breakpoint
CREATE INDEX "app_versions_platform_idx" ON "app_versions" USING btree ("platform","id");--> statement-breakpoint
CREATE INDEX "app_versions_update_time_idx" ON "app_versions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "app_versions_update_date_idx" ON "app_versions" USING btree ("update_date","id");--> statement-breakpoint
CREATE INDEX "app_versions_app_version_idx" ON "app_versions" USING btree ("app_version","id");--> statement-breakpoint
CREATE INDEX "brands_created_idx" ON "brands" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "brands_oem_key_uq" ON "brands" USING btree (lower("oem_key"));--> statement-breakpoint
CREATE INDEX "brands_oem_key_trgm" ON "brands" USING gin ("oem_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_update_time_idx" ON "brands" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "brands_oem_key_idx" ON "brands" USING btree ("oem_key","id");--> statement-breakpoint
CREATE INDEX "brands_platform_name_idx" ON "brands" USING btree ("platform_name","id");--> statement-breakpoint
CREATE INDEX "industries_created_idx" ON "industries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "industries_name_uq" ON "industries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "industries_name_trgm" ON "industries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "industries_update_time_idx" ON "industries" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "industries_name_idx" ON "industries" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "industries_sort_idx" ON "industries" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "network_sites_created_idx" ON "network_sites" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "network_sites_site_name_uq" ON "network_sites" USING btree (lower("site_name"));--> statement-breakpoint
CREATE INDEX "network_sites_site_name_trgm" ON "network_sites" USING gin ("site_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "network_sites_update_time_idx" ON "network_sites" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "network_sites_site_name_idx" ON "network_sites" USING btree ("site_name","id");--> statement-breakpoint
CREATE INDEX "network_sites_sort_idx" ON "network_sites" USING btree ("sort","id");--> statement-breakpoint
CREATE TRIGGER app_versions_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_versions" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();--> statement-breakpoint
CREATE TRIGGER brands_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();--> statement-breakpoint
CREATE TRIGGER industries_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "industries" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();--> statement-breakpoint
CREATE TRIGGER network_sites_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "network_sites" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
