// Serves the built web app from dist/ with a history-mode fallback: any GET outside the API
// that is not a file answers index.html, so that deep links survive a reload.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrCode } from '../errors.ts';
import { sendError } from './envelope.ts';

export default fp(async (app, opts: { webDist: string }) => {
  const hasBuild = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}, { name: 'web' });
