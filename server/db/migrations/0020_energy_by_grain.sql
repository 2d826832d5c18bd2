-- Energy rollups partitioned by grain (server/db/schema/telemetry.ts; Drizzle cannot declare it).
-- Hours outnumber days, months and years together by about 30 to 1, and in one table a plant's
-- months sat in heap pages among years of hours: a yearly chart over three years of history read
-- more scattered pages, and took longer, than over one. Each grain now has its own table, so a
-- year's twelve months of every plant lie in a small, dense one however long the history grows.
-- The rows are copied over as they are.
ALTER TABLE "plant_energy" RENAME TO "plant_energy_by_row";--> statement-breakpoint
ALTER TABLE "plant_energy_by_row" RENAME CONSTRAINT "plant_energy_pk" TO "plant_energy_by_row_pk";--> statement-breakpoint
CREATE TABLE "plant_energy" (LIKE "plant_energy_by_row" INCLUDING DEFAULTS) PARTITION BY LIST ("grain");--> statement-breakpoint
ALTER TABLE "plant_energy" ADD CONSTRAINT "plant_energy_pk" PRIMARY KEY ("plant_uid", "grain", "bucket");--> statement-breakpoint
CREATE TABLE "plant_energy_hour" PARTITION OF "plant_energy" FOR VALUES IN (1);--> statement-breakpoint
CREATE TABLE "plant_energy_day" PARTITION OF "plant_energy" FOR VALUES IN (2);--> statement-breakpoint
CREATE TABLE "plant_energy_month" PARTITION OF "plant_energy" FOR VALUES IN (3);--> statement-breakpoint
CREATE TABLE "plant_energy_year" PARTITION OF "plant_energy" FOR VALUES IN (4);--> statement-breakpoint
INSERT INTO "plant_energy" SELECT * FROM "plant_energy_by_row";--> statement-breakpoint
DROP TABLE "plant_energy_by_row";--> statement-breakpoint
ALTER TABLE "device_energy" RENAME TO "device_energy_by_row";--> statement-breakpoint
ALTER TABLE "device_energy_by_row" RENAME CONSTRAINT "device_energy_pk" TO "device_energy_by_row_pk";--> statement-breakpoint
ALTER INDEX "device_energy_plant_idx" RENAME TO "device_energy_by_row_plant_idx";--> statement-breakpoint
CREATE TABLE "device_energy" (LIKE "device_energy_by_row" INCLUDING DEFAULTS) PARTITION BY LIST ("grain");--> statement-breakpoint
ALTER TABLE "device_energy" ADD CONSTRAINT "device_energy_pk" PRIMARY KEY ("device_id", "grain", "bucket");--> statement-breakpoint
CREATE INDEX "device_energy_plant_idx" ON "device_energy" USING btree ("plant_uid", "grain", "bucket");--> statement-breakpoint
CREATE TABLE "device_energy_hour" PARTITION OF "device_energy" FOR VALUES IN (1);--> statement-breakpoint
CREATE TABLE "device_energy_day" PARTITION OF "device_energy" FOR VALUES IN (2);--> statement-breakpoint
CREATE TABLE "device_energy_month" PARTITION OF "device_energy" FOR VALUES IN (3);--> statement-breakpoint
CREATE TABLE "device_energy_year" PARTITION OF "device_energy" FOR VALUES IN (4);--> statement-breakpoint
INSERT INTO "device_energy" SELECT * FROM "device_energy_by_row";--> statement-breakpoint
DROP TABLE "device_energy_by_row";
