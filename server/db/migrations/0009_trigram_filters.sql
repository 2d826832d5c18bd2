-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "model_codes_code_trgm" ON "model_codes" USING gin ("model_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "model_codes_name_trgm" ON "model_codes" USING gin ("model_name" gin_trgm_ops);