// Plant logos and project pictures (001 sections 5 and 7, modifyProjectPic): images under 5 MB
// recognised by their content, stored by the server, and the only values addPlant and editPlant
// keep as plantLogo or projectPic; the plant detail answers their URLs, which serve the image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureParams } from '../../src/lib/signing.ts';
import { devices } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type Fields = Record<string, string | number | undefined>;
type FieldErrors = { errors: { field: string; rule: string }[] } | null;
interface Stored { plantLogo: string; plantLogoUrl: string }
interface Plant { plantLogo?: string; plantLogoUrl?: string; projectPic?: string; projectPicUrl?: string }

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['installer', 'installer2', 'owner2']) tokens[who] = (await t.api.login(who)).token;
});
afterAll(() => t.close());

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const MB5 = 5 * 1024 * 1024;

const BOUNDARY = '----plant-picture-boundary';
function upload(file: Buffer, filename: string, who = 'installer', fields: Record<string, string> = {}) {
  const parts = [
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="projectPicFile"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ];
  const query = signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang: 'en' }, fields);
  return t.app.inject({
    method: 'POST', url: '/dev-api/api/v1/monitor/plant/modifyProjectPic', query: { ...query },
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat(parts),
  });
}
const answer = (response: Awaited<ReturnType<typeof upload>>) => response.json() as { errCode: number; data: Stored & FieldErrors };
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));

let counter = 0;
async function freeInverter() {
  const sn = `PICINV${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
  await t.database.db.insert(devices).values({ sn, snType: 1, officeId: '12' });
  return sn;
}
const form = (sn: string, extra: Fields = {}): Fields => ({
  plantName: 'Picture plant', timeZone: 'Australia/Sydney', address: '1 Picture Street', countryCode: 'AU',
  latitude: -33.8688, longitude: 151.2093, systemPower: 5, gridPrice: 0.3, currencyName: 'AUD',
  deviceSnArr: sn, powerArr: '5', snType: 1, ...extra,
});
const addPlant = async (extra: Fields) =>
  (await t.api.post<FieldErrors & { plantUid: string }>('/api/v1/monitor/plant/addPlant', { token: tokens.installer, form: form(await freeInverter(), extra), signing: 'none' })).body;
const getPlant = async (plantUid: string, who = 'installer') =>
  (await t.api.get<Plant>('/api/v1/monitor/plant/getOnePlantInfo', { token: tokens[who], query: { plantUid } })).body;

describe('modifyProjectPic', () => {
  it('stores a real PNG and answers its key and a URL that serves it', async () => {
    const response = answer(await upload(PNG, 'logo.png'));
    expect(response.errCode).toBe(0);
    expect(response.data.plantLogo).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(response.data.plantLogoUrl).toBe(`/dev-api/resource/avatar/${response.data.plantLogo}`);
    const served = await t.app.inject({ method: 'GET', url: response.data.plantLogoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a text file named .png, by its content', async () => {
    const response = answer(await upload(Buffer.from('just some text, not a picture'), 'logo.png'));
    expect(response.errCode).toBe(10003);
    expect(fieldsOf(response.data)).toEqual([{ field: 'projectPicFile', rule: 'notImage' }]);
  });

  it('takes an image just under 5 MB and refuses one of 5 MB', async () => {
    const sized = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
    expect(answer(await upload(sized(MB5 - 1), 'big.png')).errCode).toBe(0);
    const refused = answer(await upload(sized(MB5), 'huge.png'));
    expect(refused.errCode).toBe(10003);
    expect(fieldsOf(refused.data)).toEqual([{ field: 'projectPicFile', rule: 'fileTooLarge' }]);
  });

  it('replaces the logo of a plant the caller manages, and of no plant of another tree (10005)', async () => {
    const refused = answer(await upload(PNG, 'logo.png', 'installer2', { plantUid: 'demo-plant-01' }));
    expect(refused.errCode).toBe(10005);
    expect((await getPlant('demo-plant-01')).data.plantLogoUrl).toBeUndefined();
    // A visitor whose share does not grant editPlant is refused as well.
    expect(answer(await upload(PNG, 'logo.png', 'owner2', { plantUid: 'demo-plant-01' })).errCode).toBe(10005);
    const stored = answer(await upload(PNG, 'logo.png', 'installer', { plantUid: 'demo-plant-01' }));
    expect(stored.errCode).toBe(0);
    expect((await getPlant('demo-plant-01')).data).toMatchObject({ plantLogo: stored.data.plantLogo, plantLogoUrl: stored.data.plantLogoUrl });
  });
});

describe('plantLogo and projectPic of addPlant and editPlant', () => {
  it('keeps only keys the upload produced, and the detail answers their URLs', async () => {
    const logo = answer(await upload(PNG, 'logo.png')).data;
    const picture = answer(await upload(PNG, 'site.png')).data;
    const added = await addPlant({ plantLogo: logo.plantLogo, projectPic: picture.plantLogo });
    expect(added.errCode).toBe(0);
    const plant = (await getPlant(added.data.plantUid)).data;
    expect(plant).toMatchObject({ plantLogo: logo.plantLogo, plantLogoUrl: logo.plantLogoUrl, projectPic: picture.plantLogo, projectPicUrl: picture.plantLogoUrl });
  });

  it('refuses anything else with 10003 naming the field', async () => {
    const foreign = [
      'https://example.com/logo.png',
      '../../etc/passwd',
      '/dev-api/resource/avatar/00000000-0000-4000-8000-000000000000.png',
      // Well-formed, but never stored.
      '00000000-0000-4000-8000-000000000000.png',
    ];
    for (const value of foreign) {
      expect(fieldsOf((await addPlant({ plantLogo: value })).data), value).toEqual([{ field: 'plantLogo', rule: 'invalid' }]);
      expect(fieldsOf((await addPlant({ projectPic: value })).data), value).toEqual([{ field: 'projectPic', rule: 'invalid' }]);
    }
  });

  it('lets an edit keep the plant\'s pictures or take new uploads, and nothing else', async () => {
    const logo = answer(await upload(PNG, 'logo.png')).data;
    const sn = await freeInverter();
    // Plant names are unique within the installer's organisation: this plant has its own.
    const own = { plantName: 'Edited picture plant' };
    const added = (await t.api.post<{ plantUid: string }>('/api/v1/monitor/plant/addPlant', { token: tokens.installer, form: form(sn, { ...own, plantLogo: logo.plantLogo }), signing: 'none' })).body;
    const plantUid = added.data.plantUid;
    const edit = (extra: Fields) => t.api.post<FieldErrors & Plant>('/api/v1/monitor/plant/editPlant', {
      token: tokens.installer, form: { plantUid, ...form(sn, { ...own, ...extra }), deviceSnArr: undefined, powerArr: undefined, snType: undefined },
    });
    const kept = await edit({ plantLogo: logo.plantLogo, plantName: 'Renamed' });
    expect(kept.body).toMatchObject({ errCode: 0, data: { plantLogo: logo.plantLogo, plantLogoUrl: logo.plantLogoUrl } });
    const next = answer(await upload(PNG, 'new.png')).data;
    expect((await edit({ plantLogo: next.plantLogo, projectPic: logo.plantLogo })).body).toMatchObject({ errCode: 0, data: { plantLogoUrl: next.plantLogoUrl, projectPicUrl: logo.plantLogoUrl } });
    expect(fieldsOf((await edit({ plantLogo: 'https://example.com/x.png' })).body.data)).toEqual([{ field: 'plantLogo', rule: 'invalid' }]);
    expect(fieldsOf((await edit({ projectPic: 'not-a-key.png' })).body.data)).toEqual([{ field: 'projectPic', rule: 'invalid' }]);
    expect((await getPlant(plantUid)).data.plantLogo).toBe(next.plantLogo);
  });
});
