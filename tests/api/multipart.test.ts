// Multipart bodies are validated against the contract before any handler runs, like forms and
// JSON: a missing file part is 10003 naming it; a well-formed upload reaches the operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { signatureParams } from '../../src/lib/signing.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.api.login('owner')).token;
});
afterAll(() => t.close());

const BOUNDARY = '----portal-test-boundary';

function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from([
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`,
      ...(p.type ? [`Content-Type: ${p.type}`] : []),
      '',
      '',
    ].join('\r\n')),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

function upload(payload: Buffer, textFields: Record<string, string> = {}) {
  const query = signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang: 'en' }, textFields);
  return t.app.inject({
    method: 'POST',
    url: '/dev-api/api/v1/sys/user/modifyUserHead',
    query: { ...query },
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
}

describe('multipart validation', () => {
  it('refuses an upload without its file part with 10003 naming the field', async () => {
    const response = await upload(multipart([{ name: 'note', value: 'no file here' }]), { note: 'no file here' });
    const body = response.json();
    expect(body.errCode).toBe(10003);
    expect(body.data.errors).toEqual([expect.objectContaining({ field: 'file', rule: 'required' })]);
  });

  it('lets a well-formed upload through validation to the operation', async () => {
    // The eight-byte PNG signature and an IHDR start: enough for the content check.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR', 'latin1'), Buffer.alloc(32)]);
    const response = await upload(multipart([{ name: 'file', value: png, filename: 'me.png', type: 'image/png' }]));
    const body = response.json();
    expect(body.errCode).toBe(0);
    expect(body.data.userHead).toMatch(/\.png$/);
  });

  it('checks the file by its content, not its name', async () => {
    const response = await upload(multipart([{ name: 'file', value: 'not an image at all', filename: 'me.png', type: 'image/png' }]));
    expect(response.json()).toMatchObject({ errCode: 10003, data: { errors: [expect.objectContaining({ field: 'file' })] } });
  });

  it('refuses a form-encoded body for a multipart operation', async () => {
    const { body } = await t.api.post('/api/v1/sys/user/modifyUserHead', { token, form: { file: 'x' } });
    expect(body.errCode).toBe(10003);
    expect(body.data).toEqual({ errors: [expect.objectContaining({ field: 'content-type' })] });
  });

  it('answers a broken multipart body with 10003, not a fault', async () => {
    for (const payload of [`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\ncut short`, `--${BOUNDARY}\r\nno header end`, 'no boundary at all']) {
      const body = (await upload(Buffer.from(payload))).json();
      expect(body.errCode, payload).toBe(10003);
      expect(body.errMsg).toMatch(/could not be read/);
    }
  });
});
