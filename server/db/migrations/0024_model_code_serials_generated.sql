DROP INDEX "model_code_serials_prefix_uq";--> statement-breakpoint
DROP INDEX "model_code_serials_model_idx";--> statement-breakpoint
ALTER TABLE "model_code_serials" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "model_code_serials" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "model_code_serials" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "model_code_serials" ADD CONSTRAINT "model_code_serials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_code_serials" ADD CONSTRAINT "model_code_serials_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_code_serials_created_idx" ON "model_code_serials" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "model_code_serials_serial_prefix_uq" ON "model_code_serials" USING btree (lower("serial_prefix"));--> statement-breakpoint
CREATE INDEX "model_code_serials_model_code_id_idx" ON "model_code_serials" USING btree ("model_code_id","id");--> statement-breakpoint
CREATE INDEX "model_code_serials_serial_prefix_idx" ON "model_code_serials" USING btree ("serial_prefix","id");