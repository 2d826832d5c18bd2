CREATE TABLE "legal_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agreement_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "policy_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agreed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_version_uq" ON "legal_documents" USING btree ("kind","version","lang");--> statement-breakpoint
CREATE INDEX "legal_documents_latest_idx" ON "legal_documents" USING btree ("kind","lang","published_at");