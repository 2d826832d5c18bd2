import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { catalogues } from '../../i18n/messages.ts';
import { DEFAULT_PERMISSIONS, SHARE_PERMISSIONS, accountKind, maskAccount, parsePermissions } from './share-permissions.ts';

describe('share permissions', () => {
  it('always include viewing the plant, drop repeats and keep one order', () => {
    expect(parsePermissions('viewAlarms')).toEqual(['viewPlant', 'viewAlarms']);
    expect(parsePermissions('editPlant, viewPlant,viewReports,editPlant')).toEqual(['viewPlant', 'viewReports', 'editPlant']);
    expect(parsePermissions(SHARE_PERMISSIONS.slice().reverse().join(','))).toEqual([...SHARE_PERMISSIONS]);
  });

  it('refuse an unknown code with 10003 naming the field and the codes there are', () => {
    for (const raw of ['viewPlant,deletePlant', 'VIEWPLANT', 'view plant']) {
      const error = (() => { try { parsePermissions(raw); } catch (e) { return e; } })() as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe(10003);
      expect(error.fields).toEqual([{ field: 'permissions', rule: 'enum' }]);
      expect(error.params.values).toBe(SHARE_PERMISSIONS.join(', '));
    }
  });

  it('grant looking by default, never changing', () => {
    expect([...DEFAULT_PERMISSIONS]).toEqual(['viewPlant', 'viewReports', 'viewAlarms']);
  });

  it('have a name and a description in every language', () => {
    for (const catalogue of Object.values(catalogues)) {
      for (const code of SHARE_PERMISSIONS) {
        expect(catalogue[`sharing.permission.${code}`]).toBeTruthy();
        expect(catalogue[`sharing.permission.${code}.description`]).toBeTruthy();
      }
    }
  });
});

describe('masked accounts', () => {
  it('keep enough to recognise an account, not to harvest it', () => {
    expect(maskAccount('someone@example.com')).toBe('s*****e@example.com');
    expect(maskAccount('ab@example.com')).toBe('a*@example.com');
    expect(maskAccount('13800000001')).toBe('138****0001');
    expect(maskAccount('installer')).toBe('i******r');
    expect(maskAccount('bob')).toBe('b*b');
  });
});

describe('how a typed account is read', () => {
  it('reads an e-mail address by its @, a phone number by its digits, and anything else as a login name', () => {
    expect(accountKind(' Owner2@Example.com ')).toBe('email');
    expect(accountKind('13900000009')).toBe('phone');
    expect(accountKind('+86 139-0000-0009')).toBe('phone');
    expect(accountKind('owner2')).toBe('loginName');
    expect(accountKind('1234')).toBe('loginName');
    expect(accountKind('139x0000')).toBe('loginName');
    expect(accountKind('-1390000')).toBe('loginName');
  });
});
