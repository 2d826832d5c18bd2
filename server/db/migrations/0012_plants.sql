CREATE TABLE "plant_favorites" (
	"user_id" text NOT NULL,
	"plant_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_favorites_user_id_plant_uid_pk" PRIMARY KEY("user_id","plant_uid")
);
--> statement-breakpoint
CREATE TABLE "plant_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plant_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_uid" text NOT NULL,
	"visitor_user_id" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_top_records" (
	"user_id" text NOT NULL,
	"plant_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_top_records_user_id_plant_uid_pk" PRIMARY KEY("user_id","plant_uid")
);
--> statement-breakpoint
CREATE TABLE "plant_upgrade_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plant_upgrade_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_uid" text NOT NULL,
	"device_sn" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error_msg" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_bindings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_sn" text NOT NULL,
	"plant_uid" text NOT NULL,
	"plant_name" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sn" text NOT NULL,
	"sn_type" smallint NOT NULL,
	"model_code" text,
	"rated_power" numeric,
	"parent_sn" text,
	"plant_uid" text,
	"alias" text,
	"if_cmp_device" smallint DEFAULT 0 NOT NULL,
	"is_ems_add_c6" smallint DEFAULT 0 NOT NULL,
	"is_install_ems" smallint DEFAULT 0 NOT NULL,
	"is_e_manager" smallint DEFAULT 0 NOT NULL,
	"firmware_version" text,
	"status" smallint DEFAULT 3 NOT NULL,
	"last_report_time" timestamp with time zone,
	"office_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_sn_uq" UNIQUE("sn")
);
--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "installer_user_id" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "province_code" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "city_code" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "county_code" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "province" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "system_power" numeric;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "grid_price" numeric;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "currency_name" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "is_install_meter" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "is_parallel" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "module_num" integer;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "pv_panel_angle" double precision;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "pv_panel_azimuth" double precision;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "street_type" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "meter_id" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "grid_net_type" smallint;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "pay_mode" smallint;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "use_type" smallint;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "if_install_pv" smallint;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "au_area_code" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "au_area_code_name" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "au_area_locked" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "lfdi" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "project_pic" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "plant_logo" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "module_sn" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "point_invite_code" text;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "current_power" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "today_energy" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "total_energy" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "untreated_alarm_num" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "last_data_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "plant_favorites" ADD CONSTRAINT "plant_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_favorites" ADD CONSTRAINT "plant_favorites_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_shares" ADD CONSTRAINT "plant_shares_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_shares" ADD CONSTRAINT "plant_shares_visitor_user_id_users_id_fk" FOREIGN KEY ("visitor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_shares" ADD CONSTRAINT "plant_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_top_records" ADD CONSTRAINT "plant_top_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_top_records" ADD CONSTRAINT "plant_top_records_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_upgrade_tasks" ADD CONSTRAINT "plant_upgrade_tasks_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_parent_sn_devices_sn_fk" FOREIGN KEY ("parent_sn") REFERENCES "public"."devices"("sn") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plant_favorites_plant_idx" ON "plant_favorites" USING btree ("plant_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "plant_shares_plant_visitor_uq" ON "plant_shares" USING btree ("plant_uid","visitor_user_id");--> statement-breakpoint
CREATE INDEX "plant_shares_visitor_idx" ON "plant_shares" USING btree ("visitor_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plant_top_records_plant_idx" ON "plant_top_records" USING btree ("plant_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "plant_upgrade_tasks_device_uq" ON "plant_upgrade_tasks" USING btree ("plant_uid","device_sn");--> statement-breakpoint
CREATE INDEX "plant_upgrade_tasks_active_idx" ON "plant_upgrade_tasks" USING btree ("status") WHERE "plant_upgrade_tasks"."status" in ('waiting', 'upgrading');--> statement-breakpoint
CREATE INDEX "device_bindings_sn_idx" ON "device_bindings" USING btree ("device_sn");--> statement-breakpoint
CREATE INDEX "device_bindings_plant_idx" ON "device_bindings" USING btree ("plant_uid");--> statement-breakpoint
CREATE INDEX "devices_plant_idx" ON "devices" USING btree ("plant_uid");--> statement-breakpoint
CREATE INDEX "devices_parent_idx" ON "devices" USING btree ("parent_sn");--> statement-breakpoint
CREATE INDEX "devices_office_idx" ON "devices" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "devices_created_idx" ON "devices" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "devices_sn_prefix_idx" ON "devices" USING btree ("sn" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_installer_user_id_users_id_fk" FOREIGN KEY ("installer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plants_installer_idx" ON "plants" USING btree ("installer_user_id");--> statement-breakpoint
CREATE INDEX "plants_created_idx" ON "plants" USING btree ("created_at" DESC NULLS FIRST,"plant_uid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plants_name_trgm" ON "plants" USING gin ("plant_name" gin_trgm_ops);--> statement-breakpoint
-- A share changes which plants its visitor sees: announce it like a plant added or moved (0011).
CREATE TRIGGER plant_shares_rows_announced AFTER INSERT OR DELETE ON "plant_shares" FOR EACH STATEMENT EXECUTE FUNCTION portal_plants_changed();
--> statement-breakpoint
CREATE TRIGGER plant_shares_scope_announced AFTER UPDATE OF "plant_uid", "visitor_user_id" ON "plant_shares" FOR EACH STATEMENT EXECUTE FUNCTION portal_plants_changed();
