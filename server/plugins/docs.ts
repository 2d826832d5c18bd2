// The API reference at /dev-api/docs, rendered from the same bundled document the router uses.
import fp from 'fastify-plugin';
import scalar from '@scalar/fastify-api-reference';
import type { Contract } from '../contract/contract.ts';

export default fp(async (app, opts: { contract: Contract; apiPrefix: string }) => {
  const { 'x-generated': _banner, ...document } = opts.contract.document;
  await app.register(scalar, {
    routePrefix: `${opts.apiPrefix}/docs` as `/${string}`,
    configuration: { content: document, hideClientButton: true },
  });
}, { name: 'docs' });
