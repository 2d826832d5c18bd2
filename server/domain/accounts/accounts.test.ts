import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { countries, countryName } from './countries.ts';
import { accountWorkbook, contentDisposition, exportFileName } from './export.ts';
import { MAX_AVATAR_BYTES, avatarMime, sniffImage } from './images.ts';
import { manageableRoles, mayManageRole } from './roles.ts';
import { cancelReasons, nextLoginNameChange } from './rules.ts';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('sniffImage', () => {
  it('recognises the five image kinds by their first bytes', () => {
    expect(sniffImage(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))?.ext).toBe('png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))?.mime).toBe('image/jpeg');
    expect(sniffImage(bytes('GIF89a', 1, 0))?.ext).toBe('gif');
    expect(sniffImage(bytes('GIF87a'))?.ext).toBe('gif');
    expect(sniffImage(bytes('BM', ...new Array(24).fill(0)))?.ext).toBe('bmp');
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))?.ext).toBe('webp');
  });

  it('refuses text, SVG, truncated headers and RIFF files that are not WebP', () => {
    expect(sniffImage(bytes('hello, I am a png'))).toBeUndefined();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(bytes(0x89, 'PN'))).toBeUndefined();
    expect(sniffImage(bytes('BM'))).toBeUndefined();
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });

  it('serves stored files with the type of their extension', () => {
    expect(avatarMime('a.webp')).toBe('image/webp');
    expect(avatarMime('a.svg')).toBeUndefined();
    expect(MAX_AVATAR_BYTES).toBe(5 * 1024 * 1024);
  });
});

describe('roles', () => {
  it('let administrators manage every assignable role, others only roles below their own', () => {
    expect(mayManageRole('Administrator', 'Administrator')).toBe(true);
    expect(mayManageRole('Installer', 'EndUser')).toBe(true);
    expect(mayManageRole('Installer', 'Engineer')).toBe(true);
    expect(mayManageRole('Installer', 'Installer')).toBe(false);
    expect(mayManageRole('Installer', 'DirectDistributor')).toBe(false);
    expect(mayManageRole('EndUser', 'EndUser')).toBe(false);
    expect(mayManageRole('Administrator', 'Visitor')).toBe(false);
    expect(mayManageRole('Unknown', 'EndUser')).toBe(false);
  });

  it('let only administrators give a role they added, or act on its accounts', () => {
    expect(mayManageRole('Administrator', 'Auditor')).toBe(true);
    expect(mayManageRole('TechnicalSupport', 'Auditor')).toBe(false);
    expect(mayManageRole('Auditor', 'EndUser')).toBe(false);
  });

  it('list manageable roles highest first', () => {
    const all = ['EndUser', 'Visitor', 'Installer', 'Engineer', 'Administrator', 'staff1'].map((roleKey) => ({ roleKey }));
    expect(manageableRoles('Installer', all).map((r) => r.roleKey)).toEqual(['Engineer', 'staff1', 'EndUser']);
    expect(manageableRoles('Administrator', all).map((r) => r.roleKey)).toEqual(['Administrator', 'Installer', 'Engineer', 'staff1', 'EndUser']);
    expect(manageableRoles('EndUser', all)).toEqual([]);
    expect(manageableRoles('Administrator', [...all, { roleKey: 'Auditor' }]).map((r) => r.roleKey).at(-1)).toBe('Auditor');
  });
});

describe('account rules', () => {
  const now = new Date('2026-05-31T12:00:00Z');

  it('allow a login-name change once every 30 days', () => {
    expect(nextLoginNameChange(null, now)).toBeUndefined();
    expect(nextLoginNameChange(new Date('2026-05-01T12:00:00Z'), now)).toBeUndefined();
    expect(nextLoginNameChange(new Date('2026-05-02T12:00:00Z'), now)?.toISOString()).toBe('2026-06-01T12:00:00.000Z');
  });

  it('block a cancellation for what must be settled first', () => {
    expect(cancelReasons({ plantNum: 0, lastProfessionalOfOthers: false, lastAdministrator: false })).toEqual([]);
    expect(cancelReasons({ plantNum: 2, lastProfessionalOfOthers: true, lastAdministrator: true })).toEqual(['ownsPlants', 'hasSubAccounts', 'lastAdministrator']);
  });
});

describe('countries', () => {
  it('name and order countries in the request language', () => {
    expect(countryName('AU', 'zh-CN')).toBe('澳大利亚');
    expect(countryName('AU', 'en')).toBe('Australia');
    const names = countries('en').map((c) => c.countryName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries('en', ['SE', 'AT'])).toEqual([{ countryCode: 'AT', countryName: 'Austria' }, { countryCode: 'SE', countryName: 'Sweden' }]);
  });
});

describe('account export', () => {
  it('writes a workbook with translated headers and one row per account', async () => {
    const file = await accountWorkbook([{
      loginName: 'ivan', nickname: 'Ivan', email: 'ivan@example.com', userType: 1, roleName: '安装商', officeName: 'North', status: 1,
      plantNum: 3, createTime: '2026-05-01T08:30:00.000Z',
    }], 'zh-CN');
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('登录名');
    expect(sheet.getRow(2).values).toEqual([undefined, 'ivan', 'Ivan', '', 'ivan@example.com', '', '专业用户', '安装商', 'North', '已锁定', 3, '', '2026-05-01 08:30:00']);
  });

  it('names the file in the request language and encodes it for the headers', () => {
    const name = exportFileName('zh-CN', new Date('2026-05-01T08:30:00Z'));
    expect(name).toBe('账号列表_20260501-083000.xlsx');
    expect(contentDisposition(name)).toBe(`attachment; filename="_____20260501-083000.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`);
  });
});
