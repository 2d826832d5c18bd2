CREATE TABLE "device_remote_settings" (
	"device_sn" text PRIMARY KEY NOT NULL,
	"safety" jsonb,
	"setting_status" smallint DEFAULT 0 NOT NULL,
	"auto_time_sync" smallint,
	"report_enable" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_setting_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_setting_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_sn" text NOT NULL,
	"setting" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"result" smallint NOT NULL,
	"reason" text,
	"operator_id" text,
	"operator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_setting_logs" ADD CONSTRAINT "remote_setting_logs_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_setting_logs_sn_idx" ON "remote_setting_logs" USING btree (lower("device_sn"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);