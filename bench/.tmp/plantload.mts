import pg from 'pg';
import { PORT, line, load, login, type Call } from '../lib/server.ts';
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/dash' });
await client.connect();
const uids = (await client.query(`select plant_uid from plants where plant_uid like 'fleet-%'`)).rows.map((r) => r.plant_uid as string);
await client.end();
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const yesterday = ymd(new Date(Date.now() - 86_400_000));
const HOME = '/dev-api/api/v1/monitor/home';
const randomPlant = () => uids[Math.floor(Math.random() * uids.length)]!;
const plant = (name: string, path: string, query: Record<string, string> = {}): Call => ({ name, method: 'GET', path, query: () => ({ plantUid: randomPlant(), ...query }) });
const calls: Call[] = [
  plant('plant energy, day', `${HOME}/getHomeEneryStatisticsData`, { dateType: 'day', date: yesterday }),
  plant('plant power curve, day', `${HOME}/getHomePowerStatisticsData`, { dateType: 'day', date: yesterday }),
  plant('plant energy flow', `${HOME}/getDeviceEneryFlowData`),
  plant('plant AC and PV curve, day', '/dev-api/api/v1/monitor/dataViews/getPlantPowerAndPVPowerCurve', { date: yesterday }),
];
const token = await login(PORT);
const only = process.argv[2];
for (const call of calls.filter((c) => !only || c.name.includes(only))) line(call.name, await load(PORT, call, token));
