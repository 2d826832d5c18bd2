// Prints the JavaScript each route loads (gzip, and brotli as the server sends it to browsers that
// accept it: the .br copies scripts/precompress.ts writes), from Vite's manifest: the entry chunk and its
// static imports, plus the route's lazy chunk and its static imports, plus the English language
// file that every page loads before its first render. Fails the build when a route exceeds its
// budget, in brotli: what the server sends every browser that accepts it (all current ones do), so
// what users wait for; gzip, for the others, is printed beside it.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The login page: 307 kB when set, 310 since the new lazy pages of stop 28 made Rollup split antd's
 * Button out of the shared chunk (the same code in one more chunk compresses a little worse);
 * the ceiling keeps 5 kB of room.
 */
export const LOGIN_BUDGET_KB = 315;
/** The other login-area pages: a first visit from a link in an e-mail lands on one of them. */
const PUBLIC_BUDGET_KB = 330;
/** Pages behind login, the shell included: a ceiling that keeps a new dependency from slipping in. */
const PORTAL_BUDGET_KB = 800;
const PUBLIC_ROUTES = new Set(['register', 'forgotten password', 'quick login', 'authorize', 'demo', 'agreement, policy']);
const budgetOf = (route: string) => (route === 'login' ? LOGIN_BUDGET_KB : PUBLIC_ROUTES.has(route) ? PUBLIC_BUDGET_KB : PORTAL_BUDGET_KB);
/** Loaded on demand (src/i18n/index.ts), one language at a time; English is the build locale. */
const LANGUAGE_FILE = 'src/i18n/en.json';
const SHELL = ['src/portal-app.tsx', 'src/custom/shell/app-shell.tsx'];
/** Each route and the lazy modules it loads on top of the entry. */
const ROUTES: Record<string, string[]> = {
  login: ['src/custom/shell/login-page.tsx'],
  register: ['src/custom/login/register.tsx'],
  'forgotten password': ['src/custom/login/forget-password.tsx'],
  'quick login': ['src/custom/login/quick-login.tsx'],
  authorize: ['src/custom/login/authorize.tsx'],
  demo: ['src/custom/login/demo.tsx'],
  'agreement, policy': ['src/custom/login/legal.tsx'],
  'shell (after login)': SHELL,
  home: [...SHELL, 'src/custom/home/home-page.tsx'],
  // g2plot loads only when a chart mounts (src/custom/charts/g2-plot.tsx); this line shows that cost.
  'home, charts': [...SHELL, 'src/custom/home/home-page.tsx', 'node_modules/@antv/g2plot/esm/index.js'],
  'resource list': [...SHELL, 'src/resources/screens/list.tsx'],
  'resource create': [...SHELL, 'src/resources/screens/create.tsx'],
  'resource edit': [...SHELL, 'src/resources/screens/edit.tsx'],
  'resource show': [...SHELL, 'src/resources/screens/show.tsx'],
  plants: [...SHELL, 'src/custom/plant/index.tsx'],
  'plant wizard': [...SHELL, 'src/custom/plant-wizard/page.tsx'],
  // Leaflet loads only when step 2 shows the map.
  'plant wizard, map': [...SHELL, 'src/custom/plant-wizard/page.tsx', 'src/custom/map/leaflet-map.tsx'],
  'device import': [...SHELL, 'src/custom/device-import/index.tsx'],
  'battery list': [...SHELL, 'src/custom/battery/battery-list.tsx'],
  'battery detail': [...SHELL, 'src/custom/battery/battery-detail.tsx'],
  reports: [...SHELL, 'src/custom/reports/reports-page.tsx'],
};

const dist = path.resolve(process.env.WEB_DIST ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gzipped = new Map<string, number>();
const sizeOf = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipped.get(file)!;
};

/** What a brotli-accepting browser downloads: the build's .br copy, or the file itself below 1 kB. */
const brotliSizeOf = (file: string) => {
  const full = path.join(dist, file);
  return readFileSync(existsSync(`${full}.br`) ? `${full}.br` : full).length;
};

function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, into);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const entry = closure(entryKey);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const files = (keys: Set<string>) => [...keys].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])]);

let failed = false;
console.log('\nroute sizes (JS + CSS loaded to show the route)    gzip    brotli');
for (const [name, modules] of Object.entries(ROUTES)) {
  const missing = modules.find((m) => !manifest[m]);
  if (missing) throw new Error(`${missing} is not a separate chunk: routes must stay lazy`);
  const keys = new Set([...entry, ...closure(LANGUAGE_FILE)]);
  for (const module of modules) closure(module, keys);
  const routeFiles = [...new Set(files(keys))];
  const total = routeFiles.reduce((sum, f) => sum + sizeOf(f), 0);
  const brotli = routeFiles.reduce((sum, f) => sum + brotliSizeOf(f), 0);
  const budget = budgetOf(name);
  const over = brotli / 1024 > budget;
  failed ||= over;
  console.log(`  ${name.padEnd(44)} ${kb(total).padStart(8)} ${kb(brotli).padStart(8)} kB${over ? `  OVER the ${budget} kB budget` : ''}`);
}
if (failed) process.exit(1);
