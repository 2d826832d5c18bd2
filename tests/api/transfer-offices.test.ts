// The transfer dialog's office picker (deviceTransferOffices): an administrator is offered every
// organisation, where the transfer delivers (device-delivery.test.ts); technical support their own organisations
// only, and an office outside them answers 10005 when opened; callers without the transfer
// permission are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

type Office = { officeId: string; officeName: string; hasSubOffice: 0 | 1 };

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'support', 'installer']) tokens[who] = (await t.api.login(who)).token;
});
afterAll(() => t.close());

const offered = (who: string, query: Record<string, string> = {}) =>
  t.api.get<Office[]>('/api/v1/device/inventory/transfer/offices', { token: tokens[who], query });
const names = async (who: string, query: Record<string, string> = {}) => {
  const { body } = await offered(who, query);
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data.map((o) => o.officeName);
};

describe('deviceTransferOffices', () => {
  it('offers an administrator every organisation: both trees, their levels and a search across them', async () => {
    const { body } = await offered('admin');
    expect(body.data).toEqual(expect.arrayContaining([
      { officeId: '1', officeName: 'Sunrise Energy', hasSubOffice: 1 }, { officeId: '2', officeName: 'Blue Coast Solar', hasSubOffice: 1 },
    ]));
    expect(await names('admin', { parentId: '2' })).toEqual(['Blue Coast Installers']);
    expect(await names('admin', { searchKey: 'installers' })).toEqual(expect.arrayContaining(['Blue Coast Installers']));
  });

  it('offers technical support their own organisations only', async () => {
    expect(await names('support')).toEqual(['Sunrise Service Centre']);
    expect(await names('support', { searchKey: 'installers' })).toEqual([]);
    for (const parentId of ['2', '1']) {
      const { body } = await offered('support', { parentId });
      expect(body.errCode, parentId).toBe(10005);
    }
  });

  it('is refused without the transfer permission', async () => {
    const { body } = await offered('installer');
    expect(body.errCode).not.toBe(0);
  });
});
