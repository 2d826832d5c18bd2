// The permission catalogue: every string the spec names and every string an operation requires
// is stored, roles hold only catalogued strings, and each spec string is held by some role.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/contract.ts';
import { permissions, rolePermissions, roles } from '../../server/db/schema/index.ts';
import { SPEC_PERMISSIONS } from '../../server/db/seed/roles.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('permission catalogue', () => {
  it('holds every spec string and every x-permissions string of the contract', async () => {
    const stored = new Set((await t.database.db.select().from(permissions)).map((p) => p.permission));
    const required = loadContract().operations.flatMap((o) => o.permissions);
    expect(required.length).toBeGreaterThan(20);
    expect([...SPEC_PERMISSIONS, ...required].filter((p) => !stored.has(p))).toEqual([]);
    expect(stored.has('plalform:aboutUs')).toBe(true);
  });

  it('grants each string the spec names to some role, and Administrator the wildcard', async () => {
    const grants = await t.database.db.select({ roleKey: roles.roleKey, permission: rolePermissions.permission })
      .from(rolePermissions).innerJoin(roles, eq(roles.id, rolePermissions.roleId));
    const granted = new Set(grants.map((g) => g.permission));
    expect(SPEC_PERMISSIONS.filter((p) => !granted.has(p))).toEqual([]);
    expect(grants.filter((g) => g.roleKey === 'Administrator').map((g) => g.permission)).toEqual(['*:*:*']);
  });

  it('refuses to grant a string that is not in the catalogue', async () => {
    const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, 'Engineer'));
    await expect(t.database.db.insert(rolePermissions).values({ roleId: role!.id, permission: 'made:up:string' })).rejects.toThrow();
  });
});
