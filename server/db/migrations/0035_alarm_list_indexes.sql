DROP INDEX "alarms_start_idx";--> statement-breakpoint
DROP INDEX "alarms_plant_start_idx";--> statement-breakpoint
CREATE INDEX "alarms_start_idx" ON "alarms" USING btree ("start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST,"plant_uid","level","state");--> statement-breakpoint
CREATE INDEX "alarms_plant_start_idx" ON "alarms" USING btree ("plant_uid","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST,"level","state");