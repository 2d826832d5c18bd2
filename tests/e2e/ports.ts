// Ports of the portals the browser tests start (playwright.config.ts), for specs that talk to
// more than the default one.
export const PORT = Number(process.env.E2E_PORT ?? 8097);
/** A portal of the AU site (SITE=au): AU address fields, utility servers and their upgrades. */
export const AU_PORT = Number(process.env.E2E_AU_PORT ?? PORT + 2);
export const AU_BASE_URL = `http://127.0.0.1:${AU_PORT}`;
