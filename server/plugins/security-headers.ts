// Headers that every answer carries (docs/security.md "Headers"): no MIME sniffing, no framing,
// a referrer that leaks no paths to other sites, and HSTS when TLS ends at a proxy in front.
// Answers that set no Content-Security-Policy of their own (API JSON, files, errors) get one that
// allows nothing, since none of them is meant to be rendered as a page.
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The web app's policy: scripts only from the app's own files, never inline and never evaluated
 * (no 'unsafe-eval': the forms' validators are compiled at build time, scripts/form-validators.ts,
 * rather than by Ajv in the browser); <style> elements only with this response's nonce (antd's
 * CSS-in-JS inserts those at run time).
 * One allowance, narrower than it looks: `style-src-attr 'unsafe-inline'`: components position
 * popups with style attributes; an attribute cannot run script, and <style> elements stay nonce-only.
 * `tileSource` is the map tile server's origin (MAP_TILE_URL): the map picker's tiles are images
 * from there, and nothing else of the page may come from it.
 */
export const appCsp = (nonce: string, tileSource?: string) => [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' 'nonce-${nonce}'`,
  "style-src-attr 'unsafe-inline'",
  `img-src 'self' data: blob:${tileSource ? ` ${tileSource}` : ''}`,
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API reference (Scalar) boots from an inline script and inline styles it cannot nonce:
 * looser for those two, and nothing from elsewhere.
 */
export const DOCS_CSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

export const newNonce = () => randomBytes(16).toString('base64');

export default fp(async (app, opts: { trustProxy: boolean | number | string; docsPrefix: string }) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // Only a trusted proxy's X-Forwarded-Proto can say the browser spoke TLS.
    if (opts.trustProxy && request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', request.url.startsWith(opts.docsPrefix) ? DOCS_CSP : API_CSP);
    }
  });
}, { name: 'security-headers' });
