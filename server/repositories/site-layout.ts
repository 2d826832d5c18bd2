// A plant's devices with their live values (getPlantSiteLayoutData): the inventory rows bound to the
// plant, their latest sample and today's energy in the plant's own day, parents before children.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { Grain, grainSql } from '../db/schema/telemetry.ts';
import { ONLINE_WINDOW_MINUTES } from '../../src/lib/live-flow.ts';

interface Row {
  sn: string; sn_type: number; parent_sn: string | null; alias: string | null; model_code: string | null;
  ts: Date | string | null; fault_code: number | null; power: number | null; battery_soc: number | null; today: number | null;
}

export async function siteLayout(db: Db, plantUid: string) {
  // The headline power and counter of each kind of device (the contract's description of `power`).
  const result = await db.execute(sql`
    select d.sn, d.sn_type, d.parent_sn, d.alias, d.model_code, l.ts, l.fault_code, l.battery_soc,
      case when d.sn_type = 1 then coalesce(l.ac_power, l.battery_power) when d.sn_type = 6 then l.load_power else l.grid_power end as power,
      case when d.sn_type = 1 then e.pv_energy when d.sn_type = 6 then e.load_energy else e.grid_import_energy end as today
    from devices d
    left join plants p on p.plant_uid = d.plant_uid
    left join device_latest l on l.device_id = d.id
    left join device_energy e on e.device_id = d.id and e.grain = ${grainSql(Grain.day)}
      and e.bucket = date_trunc('day', now() at time zone coalesce(p.time_zone, 'UTC'))
    where d.plant_uid = ${plantUid}
    order by coalesce(d.parent_sn, d.sn), d.parent_sn nulls first, d.sn`);
  const now = Date.now();
  const devices = (result as unknown as { rows: Row[] }).rows.map((r) => {
    const reported = r.ts ? new Date(r.ts) : null;
    const online = reported !== null && now - reported.getTime() <= ONLINE_WINDOW_MINUTES * 60_000;
    return {
      deviceSn: r.sn, deviceType: r.sn_type as 1 | 2 | 3 | 4 | 5 | 6 | 7, parentSn: r.parent_sn, alias: r.alias, modelCode: r.model_code,
      status: (online ? (r.fault_code ? 2 : 1) : 3) as 1 | 2 | 3,
      power: online ? r.power : null,
      batterySoc: r.battery_soc,
      todayEnergy: r.today === null ? null : Math.round(r.today * 1000) / 1000,
      lastReportTime: reported ? reported.toISOString() : null,
    };
  });
  return { plantUid, devices };
}
