// uploadFile: a file recognised by its content, stored under a random name and served back with
// the type it was recognised as; another type or a too large image is 10003 naming `file`.
// ossDownload: the same file as an attachment, to its uploader and the staff of the organisations
// it was uploaded in; 10005 to anyone else, 10003 for an id that names no file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { download } from '../fixtures/export-files.ts';
import { signatureParams } from '../../src/lib/signing.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.api.login('admin')).token;
});
afterAll(() => t.close());

const BOUNDARY = '----upload-file-boundary';

function upload(value: Buffer, lang = 'en', bearer: string | null = token) {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="picture.png"\r\nContent-Type: image/png\r\n\r\n`),
    value,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const query = signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang }, {});
  return t.app.inject({
    method: 'POST', url: '/dev-api/api/v1/sys/uploadFile', query: { ...query }, payload,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR', 'latin1'), Buffer.alloc(64, 7)]);

describe('uploadFile', () => {
  it('stores an image and serves it back at its URL with the image type', async () => {
    const body = (await upload(PNG)).json();
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ contentType: 'image/png', size: PNG.length, fileName: expect.stringMatching(/^[0-9a-f]{32}\.png$/) });
    expect(body.data.url).toBe(`/dev-api/resource/file/${body.data.fileName}`);
    expect(body.data.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    const served = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('recognises a PDF by its content, whatever the name says', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const body = (await upload(pdf)).json();
    expect(body.data.contentType).toBe('application/pdf');
    const served = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(served.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a type it does not take, naming the field, in the caller\'s language', async () => {
    const binary = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02]);
    const en = (await upload(binary)).json();
    expect(en).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'file', rule: 'fileType' }] } });
    expect(en.errMsg).toMatch(/png, jpeg/);
    const zh = (await upload(binary, 'zh-CN')).json();
    expect(zh.errMsg).toMatch(/必须是 png/);
  });

  it('refuses an image of 5 MB or more', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const body = (await upload(big)).json();
    expect(body).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'file', rule: 'fileTooLarge' }] } });
  });

  it('stores a document up to 20 MB, as the contract says, and answers a larger one 413 in the envelope', async () => {
    const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);
    const stored = (await upload(pdf(15 * 1024 * 1024))).json();
    expect(stored, stored.errMsg).toMatchObject({ errCode: 0, data: { contentType: 'application/pdf', size: 15 * 1024 * 1024 } });
    const tooLarge = await upload(pdf(20 * 1024 * 1024 + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errCode).toBe(10003);
  });

  it('needs a session, and serves nothing for a name that is not a stored file', async () => {
    expect((await upload(PNG, 'en', null)).json().errCode).toBe(10002);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'ffffffffffffffffffffffffffffffff.png', 'x.exe']) {
      const served = await t.app.inject({ method: 'GET', url: `/dev-api/resource/file/${name}` });
      expect(served.statusCode, name).toBe(404);
      expect(served.json().errCode).toBe(10003);
    }
  });
});

describe('ossDownload', () => {
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Title (Commissioning report) >> endobj\ntrailer << >>\n%%EOF\n');
  const tokens: Record<string, string> = {};
  const as = async (name: string) => (tokens[name] ??= (await t.api.login(name)).token);
  const uploadAs = async (name: string) => {
    const body = (await upload(PDF, 'en', await as(name))).json() as { errCode: number; data: { id: string; fileName: string } };
    expect(body.errCode).toBe(0);
    return body.data;
  };
  const fetchAs = async (name: string, id: string) => download(t, `/resource/oss/download/${id}`, { token: await as(name) });

  it('answers the uploader the file itself, as an attachment of the type it was recognised as', async () => {
    const stored = await uploadAs('owner');
    const file = await fetchAs('owner', stored.id);
    expect(file.json).toBeUndefined();
    expect(file.type).toBe('application/pdf');
    expect(file.fileName).toBe(stored.fileName);
    expect(String(file.response.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(file.response.rawPayload.equals(PDF)).toBe(true);
  });

  it('answers the staff of the organisations the file was uploaded in, and nobody else', async () => {
    // The owner's office is Sunrise Installations North (11), under Sunrise (1).
    const stored = await uploadAs('owner');
    for (const name of ['installer', 'engineer', 'admin']) {
      const file = await fetchAs(name, stored.id);
      expect(file.json, name).toBeUndefined();
      expect(file.response.rawPayload.equals(PDF), name).toBe(true);
    }
    // The service centre (12) is a sibling office; Blue Coast (2) another organisation.
    for (const name of ['support', 'installer2', 'owner2']) {
      expect((await fetchAs(name, stored.id)).json, name).toMatchObject({ errCode: 10005 });
    }
    // Another organisation's upload is out of the platform office's reach too.
    const foreign = await uploadAs('installer2');
    expect((await fetchAs('admin', foreign.id)).json).toMatchObject({ errCode: 10005 });
    expect((await fetchAs('owner2', foreign.id)).json).toMatchObject({ errCode: 10005 });
  });

  it('answers 10003 naming the id for an id that names no stored file, and 10002 without a session', async () => {
    const unknown = await fetchAs('admin', 'ffffffffffffffffffffffffffffffff');
    expect(unknown.json).toMatchObject({ errCode: 10003, data: { errors: [{ field: 'id', rule: 'exists' }] } });
    const stored = await uploadAs('owner');
    const anonymous = await download(t, `/resource/oss/download/${stored.id}`, {});
    expect(anonymous.json).toMatchObject({ errCode: 10002 });
  });
});
