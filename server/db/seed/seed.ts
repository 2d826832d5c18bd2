// Reference data every installation needs (roles, permissions, menu) and, in demo mode, the
// demo organisations and accounts; in production the first administrator from ADMIN_LOGIN.
// Idempotent: running it again changes nothing that is already there.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { legalDocuments, menus, offices, permissions, rolePermissions, roles, users } from '../schema/index.ts';
import { legalSeeds } from './legal.ts';
import { hashPassword } from '../../domain/auth/passwords.ts';
import { SPEC_PERMISSIONS, roleSeeds } from './roles.ts';
import { contractPermissions } from '../../contract/contract.ts';
import { menuSeeds } from './menus.ts';
import { resourceMenuSeeds } from './resource-menus.ts';
import { demoAccounts, demoOffices, visitorAccount, type AccountSeed, type OfficeSeed } from './demo.ts';
import { seedDemoPlants } from './demo-plants.ts';

export interface SeedOptions {
  demo: boolean;
  demoPassword: string;
  adminLogin?: string | undefined;
  adminPassword?: string | undefined;
}

/** The catalogue: the spec's strings and every string an operation requires. */
async function seedPermissions(db: Db): Promise<void> {
  const fromContract = contractPermissions();
  const rows = [
    ...SPEC_PERMISSIONS.map((permission) => ({ permission, source: 'spec' as const })),
    ...[...fromContract].filter((p) => !(SPEC_PERMISSIONS as readonly string[]).includes(p)).map((permission) => ({ permission, source: 'contract' as const })),
  ];
  await db.insert(permissions).values(rows).onConflictDoUpdate({ target: permissions.permission, set: { source: sql`excluded.source` } });
}

async function seedRoles(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const role of roleSeeds) {
    await db.insert(roles).values({ roleKey: role.roleKey, name: role.name, userType: role.userType }).onConflictDoNothing();
    const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, role.roleKey));
    ids.set(role.roleKey, row!.id);
    await db.insert(rolePermissions).values(role.permissions.map((permission) => ({ roleId: row!.id, permission }))).onConflictDoNothing();
  }
  return ids;
}

/**
 * Every start brings the menu in line with the code and the descriptors: entries are updated in
 * place (a changed path or icon shows at once on an existing database), and generated screens'
 * entries that no descriptor declares any more are removed with their buttons.
 */
async function seedMenus(db: Db): Promise<void> {
  const all = [...menuSeeds, ...resourceMenuSeeds()];
  for (const menu of all) {
    const values = {
      type: menu.type, path: menu.path, component: menu.component ?? null, titleKey: menu.titleKey,
      icon: menu.icon ?? null, permission: menu.permission ?? null, sort: menu.sort, affix: menu.affix ?? false,
      multiTab: menu.multiTab ?? false, hidden: menu.hidden ?? false,
      parentId: (menu.parent ? sql`(select id from ${menus} where ${menus.name} = ${menu.parent})` : null) as unknown as number | null,
    };
    await db.insert(menus).values({ name: menu.name, ...values }).onConflictDoUpdate({ target: menus.name, set: values });
  }
  const declared = all.map((m) => m.name);
  const stale = await db.select({ id: menus.id }).from(menus).where(and(like(menus.component, 'resource:%'), notInArray(menus.name, declared)));
  if (stale.length) {
    const ids = stale.map((r) => r.id);
    await db.delete(menus).where(or(inArray(menus.id, ids), inArray(menus.parentId, ids)));
  }
}

async function seedOffices(db: Db, list: OfficeSeed[]): Promise<void> {
  const paths = new Map<string, string>();
  for (const office of list) {
    const path = `${office.parentId ? paths.get(office.parentId) : '/'}${office.id}/`;
    paths.set(office.id, path);
    await db.insert(offices).values({ id: office.id, parentId: office.parentId, name: office.name, path }).onConflictDoNothing();
  }
}

async function ensureUser(db: Db, roleIds: Map<string, number>, account: Omit<AccountSeed, 'email'> & { email?: string }, password: string) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.loginName})`, account.loginName.toLowerCase()));
  if (existing) return;
  await db.insert(users).values({
    id: randomUUID(), loginName: account.loginName, nickname: account.nickname, email: account.email ?? null, phone: account.phone ?? null,
    countryCode: account.countryCode ?? null, inviteCode: account.inviteCode ?? null,
    passwordHash: await hashPassword(password), roleId: roleIds.get(account.roleKey)!, officeId: account.officeId,
  }).onConflictDoNothing();
}

export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await seedPermissions(db);
  const roleIds = await seedRoles(db);
  await seedMenus(db);
  await db.insert(legalDocuments).values(legalSeeds.map((d) => ({ ...d, publishedAt: new Date(d.publishedAt) }))).onConflictDoNothing();
  if (options.demo) {
    await seedOffices(db, demoOffices);
    for (const account of demoAccounts) await ensureUser(db, roleIds, account, options.demoPassword);
    // Nobody knows the visitor's password: the account is reached only through visitorLogin.
    await ensureUser(db, roleIds, visitorAccount, randomUUID() + randomUUID());
    await seedDemoPlants(db);
  } else {
    await seedOffices(db, [{ id: '1', parentId: null, name: 'Headquarters' }]);
    if (options.adminLogin && options.adminPassword) {
      await ensureUser(db, roleIds, { loginName: options.adminLogin, nickname: options.adminLogin, roleKey: 'Administrator', officeId: '1' }, options.adminPassword);
    }
  }
}
