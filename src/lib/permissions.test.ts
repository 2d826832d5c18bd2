import { describe, expect, it } from 'vitest';
import { hasAllPermissions, hasAllRoles, hasAnyPermission, hasAnyRole } from './permissions';

describe('permission checks', () => {
  it('grants everything to the wildcard', () => {
    expect(hasAnyPermission(['*:*:*'], ['site:add'])).toBe(true);
    expect(hasAllPermissions(['*:*:*'], ['site:add', 'bigscreen:admin'])).toBe(true);
  });

  it('needs the exact string otherwise: any-of and all-of', () => {
    expect(hasAnyPermission(['site:add'], ['bigscreen:admin', 'site:add'])).toBe(true);
    expect(hasAnyPermission(['site:add'], ['site:ad'])).toBe(false);
    expect(hasAllPermissions(['site:add'], ['site:add', 'bigscreen:admin'])).toBe(false);
    expect(hasAllPermissions(['site:add', 'bigscreen:admin'], ['site:add', 'bigscreen:admin'])).toBe(true);
  });

  it('answers false for empty or missing arguments', () => {
    expect(hasAnyPermission(['*:*:*'], [])).toBe(false);
    expect(hasAllPermissions(['*:*:*'], undefined)).toBe(false);
    expect(hasAnyRole(['Administrator'], [])).toBe(false);
    expect(hasAllRoles(['Administrator'], undefined)).toBe(false);
  });
});

describe('role checks', () => {
  it('lets Administrator pass every role check', () => {
    expect(hasAnyRole(['Administrator'], ['Installer'])).toBe(true);
    expect(hasAllRoles(['Administrator'], ['Installer', 'Engineer'])).toBe(true);
  });

  it('needs the exact role otherwise', () => {
    expect(hasAnyRole(['Installer'], ['Engineer', 'Installer'])).toBe(true);
    expect(hasAnyRole(['EndUser'], ['Installer'])).toBe(false);
    expect(hasAllRoles(['Installer'], ['Installer', 'Engineer'])).toBe(false);
  });
});
