CREATE TABLE "report_downloads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"plant_uid" text,
	"plant_name" text,
	"report_type" text NOT NULL,
	"period" text NOT NULL,
	"end_date" text,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_downloads_user_idx" ON "report_downloads" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);