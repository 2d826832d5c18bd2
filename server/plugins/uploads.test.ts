import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { saveAvatar } from '../repositories/avatars.ts';
import envelope from './envelope.ts';
import uploads from './uploads.ts';

const config = loadConfig({}, { inMemoryDb: true });
const app = Fastify({ logger: false });
beforeAll(async () => {
  await app.register(envelope, { apiPrefix: config.apiPrefix });
  await app.register(uploads, { config });
  await app.ready();
});
afterAll(() => app.close());

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('uploads plugin', () => {
  it('serves a stored avatar with its image type, without a token', async () => {
    const url = await saveAvatar(config, png, { ext: 'png', mime: 'image/png' });
    expect(url).toMatch(/^\/dev-api\/resource\/avatar\/[0-9a-f-]{36}\.png$/);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it('answers 404 with the envelope for unknown names and anything that is not a stored name', async () => {
    for (const name of ['00000000-0000-0000-0000-000000000000.png', 'passwd', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const response = await app.inject({ method: 'GET', url: `/dev-api/resource/avatar/${name}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errCode: 10003, data: null });
    }
  });
});
