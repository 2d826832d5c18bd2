// `npm run bench:api`: the request path under load, printed and never asserted (issue 7): a read,
// a page list, a write and a dashboard call.
// The real server runs as its own process with production settings (no response validation;
// rate limits off, since the benchmark is the traffic they would stop), on PGlite and on
// PostgreSQL (alone, the default, and CLUSTER=1, as one of several processes sharing it), beside
// a bare Fastify hello-world in the same run; every request is signed afresh.
import { CONNECTIONS, HELLO_PORT, PORT, SECONDS, line, load, onEachDatabase, type Call } from './lib/server.ts';

let written = 0;
const CALLS: Call[] = [
  { name: 'signed getLoginInfo', method: 'GET', path: '/dev-api/api/v1/sys/user/getLoginInfo' },
  { name: 'signed modelCode/pageList', method: 'GET', path: '/dev-api/api/v1/modelCode/pageList' },
  { name: 'signed modelCodeAdd (write)', method: 'POST', path: '/dev-api/api/v1/modelCode/add', form: () => ({ modelCode: `BENCH-${process.pid}-${++written}`, modelName: 'Bench inverter', deviceType: '1' }) },
  // A dashboard call: the administrator's home energy of the day over every demo plant.
  { name: 'signed home energy (dashboard)', method: 'GET', path: '/dev-api/api/v1/monitor/home/getHomeEneryStatisticsData', query: { dateType: 'day' } },
];

await onEachDatabase(async ({ label, token }) => {
  console.log(`${label}, ${CONNECTIONS} connections, ${SECONDS} s each:`);
  const hello = await load(HELLO_PORT, { name: 'hello', method: 'GET', path: '/hello' });
  line('bare Fastify hello', hello);
  for (const call of CALLS) line(call.name, await load(PORT, call, token), hello.rps);
}, { hello: true, cluster: true });
