// An imported module's parent (deviceImportSingle, deviceImportBatch): the child joins the
// parent's plant, so the parent must be a device of the caller's inventory and, when bound, on a
// plant the caller manages. Any other parent answers exactly like a serial nobody has (10005), so
// that an import can neither attach a device to another tree's plant nor probe its serials.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/index.ts';
import { signatureParams } from '../../src/lib/signing.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { demoPlant } from '../fixtures/plants.ts';
import { installWriteCounter, type WriteCounter } from '../fixtures/write-counter.ts';

type Fields = Record<string, string | number | undefined>;

let t: TestApp;
let counter: WriteCounter;
const tokens: Record<string, string> = {};
/** Parents in every position relative to `admin` (office 1, the Sunrise tree) and `support` (office 12 of it). */
const parent = { blueCoastFree: '', blueCoastBound: '', serviceFree: '', serviceOnInstallersPlant: '' };
let installersPlant = '';

let n = 0;
const serial = (prefix: string) => `${prefix}P${Date.now().toString(36).toUpperCase()}${(n++).toString(36).toUpperCase()}`;

async function inventoryDevice(officeId: string, plantUid: string | null) {
  const sn = serial('PAR');
  await t.database.db.insert(devices).values({ sn, snType: 1, officeId, plantUid });
  return sn;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'support']) tokens[who] = (await t.api.login(who)).token;
  installersPlant = await demoPlant(t, 'owner', 1); // office 11: the admin manages it, support (office 12) does not
  const blueCoastPlant = await demoPlant(t, 'owner2', 1);
  parent.blueCoastFree = await inventoryDevice('21', null);
  parent.blueCoastBound = await inventoryDevice('21', blueCoastPlant);
  parent.serviceFree = await inventoryDevice('12', null);
  parent.serviceOnInstallersPlant = await inventoryDevice('12', installersPlant);
  counter = await installWriteCounter(t.database.db);
});
afterAll(() => t.close());

const importOne = (form: Fields, who: string) => t.api.post('/api/v1/device/import/single', { token: tokens[who], form });

const BOUNDARY = 'parent-scope-boundary';
async function importCsv(csv: string, who: string) {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="d.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv), Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const query = signatureParams('portal-web-public', { clientId: 'web', appProjectName: 'portal', lang: 'en' }, {});
  const response = await t.app.inject({
    method: 'POST', url: '/dev-api/api/v1/device/import/batch', query: { ...query }, payload,
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  return response.json() as { errCode: number; data: { added: number; rejected: { line: number; sn?: string; reason: string }[] } };
}

const stored = async (sn: string) => (await t.database.db.select().from(devices).where(eq(devices.sn, sn)))[0];

describe('the parent of an imported device', () => {
  it('answers a parent of another tree, bound or free, exactly like a serial nobody has, and stores nothing', async () => {
    const before = await counter.total();
    const nobody = await importOne({ sn: serial('MOD'), snType: 4, parentSn: 'NOSUCHPARENT1' }, 'admin');
    expect(nobody.body).toMatchObject({ errCode: 10005, errMsg: 'parentSn: no such record' });
    for (const parentSn of [parent.blueCoastFree, parent.blueCoastBound, parent.blueCoastBound.toLowerCase()]) {
      const answer = await importOne({ sn: serial('MOD'), snType: 4, parentSn }, 'admin');
      expect(answer.body, parentSn).toEqual(nobody.body);
    }
    expect(await counter.total()).toBe(before);
  });

  it('refuses a parent of the caller\'s inventory that is bound to a plant the caller does not manage', async () => {
    const before = await counter.total();
    const answer = await importOne({ sn: serial('MOD'), snType: 4, parentSn: parent.serviceOnInstallersPlant }, 'support');
    expect(answer.body).toMatchObject({ errCode: 10005, errMsg: 'parentSn: no such record' });
    expect(await counter.total()).toBe(before);
  });

  it('attaches to a parent of the caller\'s inventory, joining its plant when the caller manages it', async () => {
    const free = serial('MOD');
    expect((await importOne({ sn: free, snType: 4, parentSn: parent.serviceFree }, 'support')).body.errCode).toBe(0);
    expect(await stored(free)).toMatchObject({ parentSn: parent.serviceFree, plantUid: null, officeId: '12' });
    const bound = serial('MOD');
    expect((await importOne({ sn: bound, snType: 4, parentSn: parent.serviceOnInstallersPlant.toLowerCase() }, 'admin')).body.errCode).toBe(0);
    expect(await stored(bound)).toMatchObject({ parentSn: parent.serviceOnInstallersPlant, plantUid: installersPlant });
  });

  it('rejects such a row of a CSV import with the reason of an unknown parent, and stores the other rows', async () => {
    const [own, foreign, unknown] = [serial('CSV'), serial('CSV'), serial('CSV')];
    const csv = ['sn,snType,parentSn', `${own},4,${parent.serviceFree}`, `${foreign},4,${parent.blueCoastBound}`, `${unknown},4,NOSUCHPARENT2`].join('\n');
    const answer = await importCsv(csv, 'support');
    expect(answer.errCode).toBe(0);
    expect(answer.data.added).toBe(1);
    expect(answer.data.rejected).toEqual([
      { line: 3, sn: foreign, reason: 'parentSn: no such record' },
      { line: 4, sn: unknown, reason: 'parentSn: no such record' },
    ]);
    expect(await stored(own)).toMatchObject({ parentSn: parent.serviceFree });
    expect(await stored(foreign)).toBeUndefined();
    expect(await t.database.db.select().from(devices).where(eq(devices.parentSn, parent.blueCoastBound))).toEqual([]);
  });
});
