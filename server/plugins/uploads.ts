// Serves stored uploads (avatars) under the API prefix. Not a contract operation: no signature,
// no token (an <img> cannot send one); the random file name is the only key.
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { ErrCode } from '../errors.ts';
import { translate } from '../i18n/messages.ts';
import { avatarMime } from '../domain/accounts/images.ts';
import { AVATAR_ROUTE, readAvatar } from '../repositories/avatars.ts';
import { FILE_ROUTE, readStoredFile } from '../handlers/files.ts';
import { sendError } from './envelope.ts';

export default fp(async (app, opts: { config: Config }) => {
  app.get<{ Params: { file: string } }>(`${opts.config.apiPrefix}${AVATAR_ROUTE}/:file`, async (request, reply) => {
    const data = await readAvatar(opts.config, request.params.file);
    if (!data) return sendError(reply, ErrCode.badParam, translate(request.lang, 'error.notFound', { path: request.url.split('?')[0]! }), null, 404);
    return reply
      .header('content-type', avatarMime(request.params.file))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });

  // Files of uploadFile, with the type their content was recognised as.
  app.get<{ Params: { file: string } }>(`${opts.config.apiPrefix}${FILE_ROUTE}/:file`, async (request, reply) => {
    const stored = await readStoredFile(opts.config, request.params.file);
    if (!stored) return sendError(reply, ErrCode.badParam, translate(request.lang, 'error.notFound', { path: request.url.split('?')[0]! }), null, 404);
    return reply
      .header('content-type', stored.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(stored.data);
  });
}, { name: 'uploads', dependencies: ['envelope'] });
