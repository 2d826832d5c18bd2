CREATE TABLE "data_view_devices" (
	"plant_uid" text NOT NULL,
	"device_sn" text NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "data_view_devices_pk" PRIMARY KEY("plant_uid","device_sn")
);
--> statement-breakpoint
CREATE TABLE "data_view_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_view_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_uid" text NOT NULL,
	"name" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_view_devices" ADD CONSTRAINT "data_view_devices_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_view_devices" ADD CONSTRAINT "data_view_devices_device_sn_devices_sn_fk" FOREIGN KEY ("device_sn") REFERENCES "public"."devices"("sn") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "data_view_devices" ADD CONSTRAINT "data_view_devices_group_id_data_view_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."data_view_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_view_groups" ADD CONSTRAINT "data_view_groups_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_view_groups" ADD CONSTRAINT "data_view_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_view_devices_group_idx" ON "data_view_devices" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_view_groups_name_uq" ON "data_view_groups" USING btree ("plant_uid","name");--> statement-breakpoint
CREATE INDEX "data_view_groups_plant_idx" ON "data_view_groups" USING btree ("plant_uid","sort","id");