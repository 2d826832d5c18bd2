CREATE TABLE "electricity_tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "electricity_tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric NOT NULL,
	"feed_in_price" numeric,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"time_of_use" boolean NOT NULL,
	"peak_price" numeric,
	"off_peak_price" numeric,
	"tags" jsonb,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "electricity_tariffs" ADD CONSTRAINT "electricity_tariffs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electricity_tariffs" ADD CONSTRAINT "electricity_tariffs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electricity_tariffs" ADD CONSTRAINT "electricity_tariffs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "electricity_tariffs_office_id_idx" ON "electricity_tariffs" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "electricity_tariffs_created_idx" ON "electricity_tariffs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "electricity_tariffs_name_uq" ON "electricity_tariffs" USING btree ("office_id",lower("name")) WHERE "electricity_tariffs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "electricity_tariffs_name_trgm" ON "electricity_tariffs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "electricity_tariffs_currency_idx" ON "electricity_tariffs" USING btree ("currency","id");--> statement-breakpoint
CREATE INDEX "electricity_tariffs_time_of_use_idx" ON "electricity_tariffs" USING btree ("time_of_use","id");--> statement-breakpoint
CREATE INDEX "electricity_tariffs_valid_from_idx" ON "electricity_tariffs" USING btree ("valid_from","id");--> statement-breakpoint
CREATE INDEX "electricity_tariffs_update_time_idx" ON "electricity_tariffs" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "electricity_tariffs_name_idx" ON "electricity_tariffs" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "electricity_tariffs_price_idx" ON "electricity_tariffs" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "electricity_tariffs_feed_in_price_idx" ON "electricity_tariffs" USING btree ("feed_in_price","id");--> statement-breakpoint
CREATE TRIGGER electricity_tariffs_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "electricity_tariffs" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
