import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/browser-path';
import { AU_PORT, BASE_PORT, CN_PORT, PORT, WORKERS, portalPort } from './tests/e2e/ports';

/** A second portal whose access tokens live 5 s, so that a silent refresh happens mid-test. */
const SHORT_TOKEN_PORT = Number(process.env.E2E_SHORT_TOKEN_PORT ?? BASE_PORT + 1);
const SHORT_TOKEN_TESTS = /token-refresh\.spec\.ts/;
/** The map tiles every portal here draws from (tests/fixtures/tile-server.mjs): no test reaches the network. */
const TILE_PORT = Number(process.env.E2E_TILE_PORT ?? BASE_PORT + 100);
const MAP_TILE_URL = `http://127.0.0.1:${TILE_PORT}/{z}/{x}/{y}.png`;
/** The main portals' embedded MQTT brokers (one port each from here), off the default 1883 (a Mosquitto may hold it); the others run none. */
const MQTT_PORT = Number(process.env.E2E_MQTT_PORT ?? BASE_PORT + 200);

// The real server on a throwaway embedded database, serving the real build. Playwright starts
// the servers one after the other, so only the first one builds the web app when it is stale.
const portal = (port: number, env: Record<string, string> = {}) => ({
  command: `node scripts/e2e-server.mjs`,
  url: `http://127.0.0.1:${port}/login`,
  reuseExistingServer: false,
  timeout: 120_000,
  // Every browser of every test comes from 127.0.0.1, like a whole office behind one address, so
  // the per-IP budget is off here, and so is the per-token one: a test walking every page of the
  // menu as one user (layout-widths.spec.ts) asks more than 300 calls a minute of a fast machine. Rate
  // limiting has its own API tests (tests/api/rate-limit.test.ts).
  env: { PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '0', RATE_LIMIT_PER_TOKEN: '0', MAP_TILE_URL, ...env },
});

const tileServer = {
  command: 'node tests/fixtures/tile-server.mjs',
  url: `http://127.0.0.1:${TILE_PORT}/requests`,
  reuseExistingServer: false,
  timeout: 10_000,
  env: { TILE_PORT: String(TILE_PORT) },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Files are shared out between the workers, each with its own main portal (tests/e2e/ports.ts);
  // the tests of one file run in order in one worker.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Bounds, not measurements: two workers share two cores with their portals, where a page's first
  // data has taken more than 10 s to show.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    // PORT is this worker's portal: a worker loads this file again with its parallel index set.
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace by default: recording one (screencast frames and DOM snapshots of every action)
    // cost a third of the suite's CPU, and CI prints the failure and its page snapshot anyway.
    // E2E_TRACE=retain-on-failure records them for a local investigation.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'retain-on-failure',
    // The portal follows the system's reduce-motion setting (src/custom/shell/reduced-motion.ts): menus,
    // dialogs and charts appear at once, so no click lands during an opening animation, and no
    // frame is drawn for one. Tests of the animations themselves set it back per test.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell (the test command installs it: tests/e2e/browser-path.ts);
      // Playwright downloads no browser here.
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'portal', testIgnore: SHORT_TOKEN_TESTS },
    { name: 'short-tokens', testMatch: SHORT_TOKEN_TESTS, use: { baseURL: `http://127.0.0.1:${SHORT_TOKEN_PORT}` } },
  ],
  // The main portals simulate three days of history for their plants (a few seconds); the others
  // need no telemetry. Tests read "yesterday" as a whole day of history: in a plant's zone that day
  // can begin up to 24 h + the zone's offset (Adelaide's +10:30) + the hour of the run before now,
  // so one day of backfill had missed it for the eastern plants when a run began near midnight UTC.
  webServer: [
    tileServer,
    ...Array.from({ length: WORKERS }, (_, lane) => portal(portalPort(lane), { SIM_BACKFILL_DAYS: '3', MQTT_PORT: String(MQTT_PORT + lane) })),
    portal(SHORT_TOKEN_PORT, { ACCESS_TOKEN_TTL_S: '5', SIM: '0', MQTT: '0' }),
    portal(AU_PORT, { SITE: 'au', SIM: '0', MQTT: '0' }),
    portal(CN_PORT, { SITE: 'cn', SIM: '0', MQTT: '0' }),
  ],
});
