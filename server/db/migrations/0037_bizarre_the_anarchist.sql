CREATE TABLE "help_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_articles_created_idx" ON "help_articles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_kind_language_title_uq" ON "help_articles" USING btree (lower("kind"),lower("language"),lower("title")) WHERE "help_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "help_articles_title_trgm" ON "help_articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "help_articles_kind_idx" ON "help_articles" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "help_articles_language_idx" ON "help_articles" USING btree ("language","id");--> statement-breakpoint
CREATE INDEX "help_articles_sort_idx" ON "help_articles" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "help_articles_update_time_idx" ON "help_articles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "help_articles_title_idx" ON "help_articles" USING btree ("title","id");--> statement-breakpoint
CREATE TRIGGER help_articles_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "help_articles" FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
