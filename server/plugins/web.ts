// Serves the built web app from dist/ with a history-mode fallback: any GET outside the API
// that is not a file answers index.html, so that deep links survive a reload. index.html is read
// once; each answer of it gets a fresh CSP nonce in place of the build's placeholder.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrCode } from '../errors.ts';
import { sendError } from './envelope.ts';
import { appCsp, newNonce } from './security-headers.ts';

/** What vite.config.ts (`html.cspNonce`) writes into the built index.html. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

export default fp(async (app, opts: { webDist: string; tileSource: string | undefined }) => {
  const indexFile = path.join(opts.webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : '';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (scripts/precompress.ts): each browser
      // gets the smallest it accepts, with Vary: Accept-Encoding; others get the file itself.
      preCompressed: true,
      // Hashed assets never change; index.html must be revalidated to pick up a new build.
      setHeaders: (reply, file) => reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.decorate('serveWebApp', (request, reply) => {
    if (!hasBuild) return sendError(reply, ErrCode.badParam, 'The web app is not built (npm run build)', null, 404);
    const file = request.url.split('?')[0]!;
    if (path.extname(file) && file !== '/index.html') {
      return reply.sendFile(file.slice(1));
    }
    const nonce = newNonce();
    return reply.header('cache-control', 'no-cache').header('content-security-policy', appCsp(nonce, opts.tileSource))
      .type('text/html; charset=utf-8').send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  });
}, { name: 'web' });
