CREATE TABLE "au_fw_version_controls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "au_fw_version_controls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"au_area_code" text NOT NULL,
	"model_code" text NOT NULL,
	"min_firmware_version" text NOT NULL,
	"target_firmware_version" text NOT NULL,
	"enable" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plant_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_code" text NOT NULL,
	"currency_name" text NOT NULL,
	"default_grid_price" numeric NOT NULL,
	"max_system_power" numeric NOT NULL,
	"time_zone" text,
	"remark" text,
	"update_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_configs_time_zone_known" CHECK ("plant_configs"."time_zone" is null or is_time_zone("plant_configs"."time_zone"))
);
--> statement-breakpoint
CREATE TABLE "device_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_sn" text NOT NULL,
	"from_office_id" text NOT NULL,
	"to_office_id" text NOT NULL,
	"transferred_by" text,
	"transferred_by_name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_upgrade_tasks" ADD COLUMN "target_firmware" text;--> statement-breakpoint
ALTER TABLE "device_transfers" ADD CONSTRAINT "device_transfers_from_office_id_offices_id_fk" FOREIGN KEY ("from_office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_transfers" ADD CONSTRAINT "device_transfers_to_office_id_offices_id_fk" FOREIGN KEY ("to_office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_transfers" ADD CONSTRAINT "device_transfers_transferred_by_users_id_fk" FOREIGN KEY ("transferred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "au_fw_version_controls_uq" ON "au_fw_version_controls" USING btree ("au_area_code",lower("model_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "plant_configs_country_uq" ON "plant_configs" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "device_transfers_sn_idx" ON "device_transfers" USING btree (lower("device_sn"));--> statement-breakpoint
CREATE INDEX "device_transfers_created_idx" ON "device_transfers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);