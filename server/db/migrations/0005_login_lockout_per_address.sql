-- Hand-ordered: drizzle-kit cannot name the old primary key (PostgreSQL's default, <table>_pkey)
-- and put the new key before its column. Existing rows become counts over all addresses.
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_pkey";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "source" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "window_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_subject_source_pk" PRIMARY KEY("subject","source");--> statement-breakpoint
CREATE INDEX "login_failures_updated_idx" ON "login_failures" USING btree ("updated_at");
