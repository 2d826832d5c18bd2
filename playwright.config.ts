import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8097);
/** A second portal whose access tokens live 5 s, so that a silent refresh happens mid-test. */
const SHORT_TOKEN_PORT = Number(process.env.E2E_SHORT_TOKEN_PORT ?? PORT + 1);
const SHORT_TOKEN_TESTS = /token-refresh\.spec\.ts/;

// The real server on a throwaway embedded database, serving the real build. Playwright starts
// the servers one after the other, so only the first one builds the web app when it is stale.
const portal = (port: number, env: Record<string, string> = {}) => ({
  command: `node scripts/e2e-server.mjs`,
  url: `http://127.0.0.1:${port}/login`,
  reuseExistingServer: false,
  timeout: 120_000,
  // Every browser of every test comes from 127.0.0.1, like a whole office behind one address, so
  // the per-IP budget is off here; rate limiting has its own API tests (tests/api/rate-limit.test.ts).
  env: { PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '0', ...env },
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (the test command installs it); Playwright downloads no browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'portal', testIgnore: SHORT_TOKEN_TESTS },
    { name: 'short-tokens', testMatch: SHORT_TOKEN_TESTS, use: { baseURL: `http://127.0.0.1:${SHORT_TOKEN_PORT}` } },
  ],
  webServer: [portal(PORT), portal(SHORT_TOKEN_PORT, { ACCESS_TOKEN_TTL_S: '5' })],
});
