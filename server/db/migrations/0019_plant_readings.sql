-- The plant's readings that the plant lists show, sort and filter on (status, current power,
-- today's and lifetime PV energy, time of the newest data), refreshed by each ingest batch for the
-- plants it touched (server/telemetry/ingest.ts), as of the plant's newest sample:
-- - current_power: the PV power (kW) of the devices that reported within `online` of that sample;
-- - status: 2 when one of those devices reports a fault, else 1 (0, waiting for data, until the
--   first sample; offline is decided when read, from last_data_time and the clock);
-- - today_energy: the plant's rollup of the local day of that sample; total_energy: every year's.
-- Grains are those of server/db/schema/telemetry.ts (2 day, 4 year).
-- Reads turn these into what holds now (server/repositories/plant-rows.ts): a plant without data
-- for `online` is offline at 0 kW, and its day's energy counts only while that day lasts.
CREATE OR REPLACE FUNCTION portal_refresh_plant_readings(uids text[], online interval) RETURNS void LANGUAGE sql AS $$
  UPDATE plants p SET
    last_data_time = r.last_ts,
    status = CASE WHEN r.faulty THEN 2 ELSE 1 END,
    current_power = r.pv_w / 1000.0,
    today_energy = coalesce((SELECT e.pv_energy FROM plant_energy e WHERE e.plant_uid = p.plant_uid AND e.grain = 2
      AND e.bucket = date_trunc('day', r.last_ts AT TIME ZONE coalesce(p.time_zone, 'UTC'))), 0),
    total_energy = coalesce((SELECT sum(e.pv_energy) FROM plant_energy e WHERE e.plant_uid = p.plant_uid AND e.grain = 4), 0)
  FROM (
    SELECT plant_uid, last_ts,
      coalesce(sum(greatest(pv_power, 0)) FILTER (WHERE ts >= last_ts - online), 0) AS pv_w,
      coalesce(bool_or(fault_code <> 0) FILTER (WHERE ts >= last_ts - online), false) AS faulty
    FROM (
      SELECT d.plant_uid, l.ts, l.pv_power, l.fault_code, max(l.ts) OVER (PARTITION BY d.plant_uid) AS last_ts
      FROM devices d JOIN device_latest l ON l.device_id = d.id
      WHERE d.plant_uid = ANY (uids)) latest
    GROUP BY plant_uid, last_ts) r
  WHERE p.plant_uid = r.plant_uid
$$;
--> statement-breakpoint
-- Plants that already have data get their readings now (15 minutes: ONLINE_WINDOW_MINUTES of
-- src/lib/live-flow.ts, which the server passes from then on).
SELECT portal_refresh_plant_readings(array(SELECT plant_uid FROM plants), interval '15 minutes');
