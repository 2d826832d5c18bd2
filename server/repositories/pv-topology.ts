// A plant's PV generation tree (getPlantPVTopology): the plant, its inverters, and the modules
// fitted to each (modules fitted to no inverter of the plant hang from the plant), with each
// device's live PV power and today's PV energy in the plant's own day. The plant node's figures
// are the plant's own, as the energy flow and the dashboards show them.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { Grain, grainSql } from '../db/schema/telemetry.ts';
import type { plants } from '../db/schema/index.ts';
import { ONLINE_WINDOW_MINUTES } from '../../src/lib/live-flow.ts';
import { kwh } from './statistics-energy.ts';
import { energyFlow } from './statistics-fleet.ts';
import { rowsOf } from './statistics-scope.ts';

type SnType = 1 | 2 | 3 | 4 | 5 | 6 | 7;
interface Row { sn: string; sn_type: SnType; parent_sn: string | null; alias: string | null; ts: Date | string | null; pv_power: number | null; fault_code: number | null; today: number | null }

/** Status and live PV power of a device from its latest sample (site-layout.ts's rule). */
export function liveState(ts: Date | string | null, faultCode: number | null, pvPower: number | null, now = Date.now()) {
  const online = ts !== null && now - new Date(ts).getTime() <= ONLINE_WINDOW_MINUTES * 60_000;
  return {
    status: (online ? (faultCode ? 2 : 1) : 3) as 1 | 2 | 3,
    pvPower: online && pvPower !== null ? Math.round(Math.max(0, pvPower) * 10) / 10 : null,
  };
}

/** Today's bucket of the plant's own day (a zone-less rollup bucket). */
export const TODAY = sql.raw(`date_trunc('day', now() at time zone coalesce(p.time_zone, 'UTC'))`);

export async function pvTopology(db: Db, plant: typeof plants.$inferSelect) {
  const [devices, [today], flow] = await Promise.all([
    rowsOf<Row>(db, sql`
      select d.sn, d.sn_type, d.parent_sn, d.alias, l.ts, l.pv_power, l.fault_code, e.pv_energy as today
      from devices d join plants p on p.plant_uid = d.plant_uid
      left join device_latest l on l.device_id = d.id
      left join device_energy e on e.device_id = d.id and e.grain = ${grainSql(Grain.day)} and e.bucket = ${TODAY}
      where d.plant_uid = ${plant.plantUid} and d.sn_type in (1, 4, 5) order by d.sn`),
    rowsOf<{ pv: number | null }>(db, sql`
      select e.pv_energy as pv from plants p join plant_energy e on e.plant_uid = p.plant_uid and e.grain = ${grainSql(Grain.day)} and e.bucket = ${TODAY}
      where p.plant_uid = ${plant.plantUid}`),
    energyFlow(db, plant),
  ]);
  const node = (r: Row, parent: string) => ({
    nodeId: `device:${r.sn}`, parentNodeId: parent, nodeType: 'device' as const, deviceSn: r.sn, deviceType: r.sn_type,
    name: r.alias || r.sn, ...liveState(r.ts, r.fault_code, r.pv_power), todayPvEnergy: r.today === null ? null : kwh(r.today),
  });
  const inverters = devices.filter((d) => d.sn_type === 1);
  const fitted = (inverter: string) => devices.filter((d) => d.sn_type !== 1 && d.parent_sn === inverter);
  const loose = devices.filter((d) => d.sn_type !== 1 && !inverters.some((i) => i.sn === d.parent_sn));
  return {
    plantUid: plant.plantUid,
    updateTime: flow.updateTime,
    nodes: [
      {
        nodeId: plant.plantUid, parentNodeId: null, nodeType: 'plant' as const, deviceSn: null, deviceType: null, name: plant.plantName,
        status: flow.status, pvPower: flow.status === 3 ? null : flow.pvPower, todayPvEnergy: today?.pv == null ? null : kwh(today.pv),
      },
      ...inverters.flatMap((inv) => [node(inv, plant.plantUid), ...fitted(inv.sn).map((m) => node(m, `device:${inv.sn}`))]),
      ...loose.map((m) => node(m, plant.plantUid)),
    ],
  };
}
