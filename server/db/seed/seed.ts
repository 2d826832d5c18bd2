// Reference data every installation needs (roles, permissions, menu) and, in demo mode, the
// demo organisations and accounts; in production the first administrator from ADMIN_LOGIN.
// Idempotent: running it again changes nothing that is already there.
import { randomUUID } from 'node:crypto';
import { and, inArray, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { legalDocuments, menus, offices, permissions, rolePermissions, roles, seededRolePermissions, users } from '../schema/index.ts';
import { legalSeeds } from './legal.ts';
import { seedHelpArticles } from './help.ts';
import { hashPassword } from '../../domain/auth/passwords.ts';
import { SPEC_PERMISSIONS, roleSeeds } from './roles.ts';
import { contractPermissions } from '../../contract/contract.ts';
import { menuSeeds, type MenuSeed } from './menus.ts';
import { resourceMenuSeeds } from './resource-menus.ts';
import { demoAccounts, demoOffices, visitorAccount, type AccountSeed, type OfficeSeed } from './demo.ts';
import { seedDemoPlants } from './demo-plants.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoMall, seedProductCategories } from './mall.ts';
import { seedFeedbackTypes } from './feedback.ts';
import { seedSystemData } from './system-data.ts';
import { DEFAULT_BRAND } from '../../config.ts';

export interface SeedOptions {
  demo: boolean;
  demoPassword: string;
  adminLogin?: string | undefined;
  adminPassword?: string | undefined;
  /** The main brand's key (config BRAND), whose branding every installation gets. */
  brand?: string;
}

/** `excluded.<column>` for each column named: an upsert's new values, one statement for many rows. */
function excludedValues<K extends string>(columns: Record<K, AnyPgColumn>, keys: readonly K[]): Record<K, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`excluded.${sql.identifier(columns[k].name)}`])) as Record<K, SQL>;
}

/** Whether an upsert changes anything: a row that is already so is left alone (no write, no commit work). */
function differs<K extends string>(columns: Record<K, AnyPgColumn>, keys: readonly K[]): SQL {
  const list = (prefix: SQL | undefined) => sql.join(keys.map((k) => (prefix ? sql`${prefix}.${sql.identifier(columns[k].name)}` : sql`${columns[k]}`)), sql`, `);
  return sql`(${list(undefined)}) is distinct from (${list(sql`excluded`)})`;
}

/** The catalogue: the spec's strings and every string an operation requires. */
async function seedPermissions(db: Db): Promise<void> {
  const fromContract = contractPermissions();
  const rows = [
    ...SPEC_PERMISSIONS.map((permission) => ({ permission, source: 'spec' as const })),
    ...[...fromContract].filter((p) => !(SPEC_PERMISSIONS as readonly string[]).includes(p)).map((permission) => ({ permission, source: 'contract' as const })),
  ];
  await db.insert(permissions).values(rows).onConflictDoUpdate({
    target: permissions.permission, set: excludedValues(permissions, ['source']), setWhere: differs(permissions, ['source']),
  });
}

async function seedRoles(db: Db): Promise<Map<string, number>> {
  await db.insert(roles).values(roleSeeds.map((role) => ({ roleKey: role.roleKey, name: role.name, userType: role.userType }))).onConflictDoNothing();
  const rows = await db.select({ id: roles.id, roleKey: roles.roleKey }).from(roles).where(inArray(roles.roleKey, roleSeeds.map((r) => r.roleKey)));
  const ids = new Map(rows.map((r) => [r.roleKey, r.id]));
  // Only what the seed has not granted before: a permission an administrator took away stays away.
  const grants = roleSeeds.flatMap((role) => role.permissions.map((permission) => ({ roleKey: role.roleKey, permission })));
  const fresh = await db.insert(seededRolePermissions).values(grants).onConflictDoNothing().returning();
  if (fresh.length) await db.insert(rolePermissions).values(fresh.map((g) => ({ roleId: ids.get(g.roleKey)!, permission: g.permission }))).onConflictDoNothing();
  return ids;
}

const MENU_FIELDS = ['type', 'path', 'component', 'titleKey', 'icon', 'permission', 'sort', 'affix', 'multiTab', 'hidden', 'parentId'] as const;

/**
 * Every start brings the menu in line with the code and the descriptors: entries are updated in
 * place (a changed path or icon shows at once on an existing database), and generated screens'
 * entries that no descriptor declares any more are removed with their buttons. One statement per
 * level of the tree, parents first: an entry finds its parent's id by name, which a statement
 * sees only once an earlier one has written it.
 */
async function seedMenus(db: Db): Promise<void> {
  const all = [...menuSeeds, ...resourceMenuSeeds()];
  // A name declared twice is the later declaration, as when each was written in turn.
  const byName = new Map(all.map((menu) => [menu.name, menu]));
  const depth = (menu: MenuSeed, seen = 0): number => {
    const parent = menu.parent ? byName.get(menu.parent) : undefined;
    return parent && seen < byName.size ? depth(parent, seen + 1) + 1 : 0;
  };
  const levels: MenuSeed[][] = [];
  for (const menu of byName.values()) (levels[depth(menu)] ??= []).push(menu);
  for (const level of levels.filter(Boolean)) {
    await db.insert(menus).values(level.map((menu) => ({
      name: menu.name, type: menu.type, path: menu.path, component: menu.component ?? null, titleKey: menu.titleKey,
      icon: menu.icon ?? null, permission: menu.permission ?? null, sort: menu.sort, affix: menu.affix ?? false,
      multiTab: menu.multiTab ?? false, hidden: menu.hidden ?? false,
      parentId: (menu.parent ? sql`(select id from ${menus} where ${menus.name} = ${menu.parent})` : null) as unknown as number | null,
    }))).onConflictDoUpdate({ target: menus.name, set: excludedValues(menus, MENU_FIELDS), setWhere: differs(menus, MENU_FIELDS) });
  }
  const declared = [...byName.keys()];
  const stale = await db.select({ id: menus.id }).from(menus).where(and(like(menus.component, 'resource:%'), notInArray(menus.name, declared)));
  if (stale.length) {
    const ids = stale.map((r) => r.id);
    await db.delete(menus).where(or(inArray(menus.id, ids), inArray(menus.parentId, ids)));
  }
}

async function seedOffices(db: Db, list: OfficeSeed[]): Promise<void> {
  const paths = new Map<string, string>();
  const rows = list.map((office) => {
    const path = `${office.parentId ? paths.get(office.parentId) : '/'}${office.id}/`;
    paths.set(office.id, path);
    // The root office is the platform itself (migration 0023 sets it so on existing databases).
    return { id: office.id, parentId: office.parentId, name: office.name, path, ...(office.parentId ? {} : { officeType: 1 }) };
  });
  await db.insert(offices).values(rows).onConflictDoNothing();
}

type UserSeed = Omit<AccountSeed, 'email'> & { email?: string };

/** Creates the accounts whose login is not taken yet; their passwords are hashed side by side. */
async function ensureUsers(db: Db, roleIds: Map<string, number>, accounts: { account: UserSeed; password: string }[]) {
  const taken = new Set((await db.select({ login: sql<string>`lower(${users.loginName})` }).from(users)
    .where(inArray(sql`lower(${users.loginName})`, accounts.map(({ account }) => account.loginName.toLowerCase())))).map((r) => r.login));
  const missing = accounts.filter(({ account }) => !taken.has(account.loginName.toLowerCase()));
  if (!missing.length) return;
  const hashes = await Promise.all(missing.map(({ password }) => hashPassword(password)));
  await db.insert(users).values(missing.map(({ account }, i) => ({
    id: randomUUID(), loginName: account.loginName, nickname: account.nickname, email: account.email ?? null, phone: account.phone ?? null,
    countryCode: account.countryCode ?? null, inviteCode: account.inviteCode ?? null,
    passwordHash: hashes[i]!, roleId: roleIds.get(account.roleKey)!, officeId: account.officeId,
  }))).onConflictDoNothing();
}

/**
 * One transaction: a fresh database commits once rather than once per statement (each commit
 * waits for its write to the data directory), and an existing one, already in line, is written
 * nothing.
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await seedPermissions(tx);
    const roleIds = await seedRoles(tx);
    await seedMenus(tx);
    await tx.insert(legalDocuments).values(legalSeeds.map((d) => ({ ...d, publishedAt: new Date(d.publishedAt) }))).onConflictDoNothing();
    await seedProductCategories(tx);
    await seedFeedbackTypes(tx);
    await seedHelpArticles(tx);
    await seedSystemData(tx, { demo: options.demo, brand: options.brand ?? DEFAULT_BRAND });
    if (options.demo) {
      await seedOffices(tx, demoOffices);
      await ensureUsers(tx, roleIds, [
        ...demoAccounts.map((account) => ({ account, password: options.demoPassword })),
        // Nobody knows the visitor's password: the account is reached only through visitorLogin.
        { account: visitorAccount, password: randomUUID() + randomUUID() },
      ]);
      await seedDemoPlants(tx);
      await seedDemoPoints(tx);
      // After the demo's points: its orders spend them.
      await seedDemoMall(tx);
    } else {
      await seedOffices(tx, [{ id: '1', parentId: null, name: 'Headquarters' }]);
      if (options.adminLogin && options.adminPassword) {
        await ensureUsers(tx, roleIds, [{ account: { loginName: options.adminLogin, nickname: options.adminLogin, roleKey: 'Administrator', officeId: '1' }, password: options.adminPassword }]);
      }
    }
  });
}
