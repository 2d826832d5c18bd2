// Offices, users, roles and sessions: who may do what (PROTOCOL.md "Tokens and sessions", "Organisations").
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const offices = pgTable('offices', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  /** Ids from the root down to this office, `/1/12/`, so that a subtree is one LIKE. */
  path: text('path').notNull(),
  sort: integer('sort').notNull().default(0),
  /** 1 platform, 2 distributor, 3 installer company, 4 service provider, 5 department. */
  officeType: smallint('office_type').notNull().default(5),
  countryCode: text('country_code'),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  email: text('email'),
  address: text('address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('offices_parent_idx').on(t.parentId), index('offices_path_idx').on(t.path),
  // The office list's sorts (ties broken by id, so that paging is stable).
  index('offices_name_idx').on(t.name, t.id), index('offices_created_idx').on(t.createdAt, t.id),
]);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  roleKey: text('role_key').notNull().unique(),
  name: text('name').notNull(),
  /** 1 professional, 0 end user (000 section 6). */
  userType: smallint('user_type').notNull(),
}, (t) => [
  // Keys are unique without regard to case (role administration, server/repositories/roles.ts).
  uniqueIndex('roles_role_key_lower_uq').on(sql`lower(${t.roleKey})`),
]);

/** Every permission string there is: the ones the spec names and every x-permissions of the contract. */
export const permissions = pgTable('permissions', {
  permission: text('permission').primaryKey(),
  /** spec: named by the spec's shell (top-bar entries); contract: required by an operation. */
  source: text('source', { enum: ['spec', 'contract'] }).notNull(),
});

export const rolePermissions = pgTable('role_permissions', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  permission: text('permission').notNull().references(() => permissions.permission, { onUpdate: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.permission] })]);

/**
 * The built-in roles' permissions the seed has granted once (server/db/seed/roles.ts). The seed
 * grants only what it has not granted before, so that a permission an administrator took away
 * from a built-in role stays away at the next start, while one the code adds later still arrives.
 */
export const seededRolePermissions = pgTable('seeded_role_permissions', {
  roleKey: text('role_key').notNull(),
  permission: text('permission').notNull(),
}, (t) => [primaryKey({ columns: [t.roleKey, t.permission] })]);

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  loginName: text('login_name').notNull(),
  phone: text('phone'),
  email: text('email'),
  nickname: text('nickname').notNull(),
  passwordHash: text('password_hash').notNull(),
  roleId: integer('role_id').notNull().references(() => roles.id),
  officeId: text('office_id').notNull().references(() => offices.id),
  lang: text('lang').notNull().default('en'),
  userHead: text('user_head'),
  countryCode: text('country_code'),
  timeZone: text('time_zone'),
  /** Installers' invite code: plant owners name it to link their plant to the installer. */
  inviteCode: text('invite_code'),
  /** active; locked by an administrator; cancelled by the user (kept for the records, never logs in). */
  status: text('status', { enum: ['active', 'locked', 'cancelled'] }).notNull().default('active'),
  loginNameChangedAt: timestamp('login_name_changed_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** The user agreement and privacy policy versions accepted at registration, and when. */
  agreementVersion: text('agreement_version'),
  policyVersion: text('policy_version'),
  agreedAt: timestamp('agreed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('users_time_zone_known', sql`${t.timeZone} is null or is_time_zone(${t.timeZone})`),
  uniqueIndex('users_login_name_uq').on(sql`lower(${t.loginName})`),
  uniqueIndex('users_phone_uq').on(t.phone),
  uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  uniqueIndex('users_invite_code_uq').on(t.inviteCode),
  index('users_office_idx').on(t.officeId),
  // The accounts list's order (pageAccounts).
  index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  // The account list's sorts, by the expressions the list orders by.
  index('users_login_name_sort_idx').on(sql`lower(${t.loginName})`, t.id),
  index('users_nickname_sort_idx').on(sql`lower(${t.nickname})`, t.id),
]);

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rememberMe: boolean('remember_me').notNull().default(false),
  visitor: boolean('visitor').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The 30-day limit no refresh can extend. */
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** logout answers 10007 afterwards; every other reason (reuse, password, admin) 10002. */
  revokeReason: text('revoke_reason'),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/**
 * Wrong passwords per account, or per typed name when no account answers to it, so that a locked
 * account and a name nobody has look the same from outside. Each subject has one row per source
 * address (IPv6 by /64) and one row for all addresses together (`source` = `*`); each row counts
 * the failures of a window that starts with its first failure (server/domain/auth/lockout.ts).
 */
export const loginFailures = pgTable('login_failures', {
  /** `user:<id>` for an account, `name:<lower-cased name>` otherwise. */
  subject: text('subject').notNull(),
  /** The client address (IPv6 by its /64), or `*` for every address together. */
  source: text('source').notNull().default('*'),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.subject, t.source] }), index('login_failures_updated_idx').on(t.updatedAt)]);

/** Only hashes are stored: a stolen table cannot be replayed. */
export const sessionTokens = pgTable('session_tokens', {
  hash: text('hash').primaryKey(),
  sessionId: text('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when a refresh replaced this token; a rotated refresh token presented again is reuse. */
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
}, (t) => [index('session_tokens_session_idx').on(t.sessionId)]);

/** Signed requests' `random` values, single-use per client for the replay window. */
export const requestNonces = pgTable('request_nonces', {
  clientId: text('client_id').notNull(),
  random: text('random').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.clientId, t.random] }), index('request_nonces_expires_idx').on(t.expiresAt)]);
