// Ports of the portals the browser tests start (playwright.config.ts), for specs that talk to
// more than the default one.
//
// Each Playwright worker drives its own main portal, with its own database: a test that locks an
// account, revokes a session or fills a list never meets another worker's test. Worker n (its
// parallel index, which Playwright sets in the worker's environment) uses BASE_PORT + 10 n.
export const BASE_PORT = Number(process.env.E2E_PORT ?? 8097);
/**
 * Two by default, one per core. Without a trace recorded for every test (playwright.config.ts),
 * a test's browser and portal no longer fill both cores: on this two-core machine the 125 tests
 * took 12.5 minutes with two workers, against 41 with one worker and traces. E2E_WORKERS=1 runs
 * them one at a time.
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export const portalPort = (lane: number) => BASE_PORT + 10 * lane;
/** This worker's main portal. */
export const PORT = portalPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** A portal of the AU site (SITE=au): AU address fields, utility servers and their upgrades. */
export const AU_PORT = Number(process.env.E2E_AU_PORT ?? BASE_PORT + 2);
export const AU_BASE_URL = `http://127.0.0.1:${AU_PORT}`;
/** A portal of the China site (SITE=cn): the domestic plant form with its province, city and county picker. */
export const CN_PORT = Number(process.env.E2E_CN_PORT ?? BASE_PORT + 3);
export const CN_BASE_URL = `http://127.0.0.1:${CN_PORT}`;
