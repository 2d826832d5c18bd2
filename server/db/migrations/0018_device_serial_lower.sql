-- Serials are matched without regard to case (ingest batches, MQTT publishes, imports, data views):
-- an expression index, so that such a lookup no longer reads the whole device inventory.
CREATE INDEX "devices_sn_lower_idx" ON "devices" USING btree (lower("sn"));