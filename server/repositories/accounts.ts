// Accounts: the signed-in user's own profile and the administrators' account list. Login names,
// phones and e-mail addresses are unique; a clash is a 10003 on the field, found by a check and,
// for concurrent writers, by the database's unique indexes.
import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { RoleKey } from '../db/seed/roles.ts';
import type { Db } from '../db/client.ts';
import { offices, plants, roles, sessions, users } from '../db/schema/index.ts';
import { fieldError } from '../errors.ts';
import { translate } from '../i18n/messages.ts';
import { countryName } from '../domain/accounts/countries.ts';
import { cancelReasons, type CancelReason } from '../domain/accounts/rules.ts';
import { normaliseEmail, normalisePhone } from '../domain/codes/codes.ts';
import { isUniqueViolation, listKey, pageWindow, readPage, type CountColumn, type Page, type PageRequest } from './paging.ts';
import { sortTerms, type SortKey, type SortRequest } from './list-sort.ts';
import { assertOfficeInScope, escapeLike, objectScope, plantScope, resolveScope, userScope, type ScopeCaller } from './scope.ts';

export type UserRow = typeof users.$inferSelect;

/** A role's name in the request's language; roles without a translation keep their stored name. */
export function roleName(lang: string, roleKey: string, stored: string): string {
  const key = `role.${roleKey}`;
  const text = translate(lang, key);
  return text === key ? stored : text;
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

// ---------------------------------------------------------------------------------------------
// Profile (personal center)

export async function loadProfile(db: Db, userId: string) {
  const [row] = await db.select({ user: users, roleKey: roles.roleKey, userType: roles.userType, officeName: offices.name })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId)).innerJoin(offices, eq(offices.id, users.officeId))
    .where(eq(users.id, userId));
  if (!row) throw fieldError('userId', 'exists');
  const { user } = row;
  return {
    userId: user.id,
    loginName: user.loginName,
    nickname: user.nickname,
    ...(user.userHead ? { userHead: user.userHead } : {}),
    ...(user.phone ? { phone: user.phone } : {}),
    ...(user.email ? { email: user.email } : {}),
    ...(user.countryCode ? { countryCode: user.countryCode } : {}),
    lang: user.lang,
    ...(user.timeZone ? { timeZone: user.timeZone } : {}),
    userType: row.userType as 0 | 1,
    roles: [row.roleKey],
    officeId: user.officeId,
    officeName: row.officeName,
    createTime: user.createdAt.toISOString(),
  };
}

export async function updateUser(db: Db, userId: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

type Identifier = 'loginName' | 'phone' | 'email';

const sameLogin = (value: string) => eq(sql`lower(${users.loginName})`, value.toLowerCase());
const sameEmail = (value: string) => eq(sql`lower(${users.email})`, value.toLowerCase());

/**
 * 10003 `unique` on `field` when another account already uses `value` as the identifier, or as one
 * that logs in the same way: login is by login name or phone, so a login name may not be someone's
 * phone or e-mail, and a phone or e-mail may not be someone's login name.
 */
export async function assertIdentifierFree(db: Db, field: Identifier, value: string, exceptUserId: string): Promise<void> {
  const clash = field === 'loginName'
    ? or(sameLogin(value), eq(users.phone, value), sameEmail(value))
    : field === 'phone' ? or(eq(users.phone, value), sameLogin(value)) : or(sameEmail(value), sameLogin(value));
  const [row] = await db.select({ n: count() }).from(users).where(and(clash, ne(users.id, exceptUserId)));
  if (row && row.n > 0) throw fieldError(field, 'unique', { value });
}

/** Runs a write that may hit a unique index; the clash becomes 10003 on the field of that index. */
export async function writeIdentifiers<T>(fields: Partial<Record<Identifier, string>>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const e = error as { constraint?: string; cause?: { constraint?: string } };
    const index = e.constraint ?? e.cause?.constraint ?? '';
    const field = (['loginName', 'phone', 'email'] as const).find((f) => index.includes(f === 'loginName' ? 'login_name' : f) && fields[f] !== undefined)
      ?? (Object.keys(fields)[0] as Identifier);
    throw fieldError(field, 'unique', { value: fields[field] ?? '' });
  }
}

/** A code check: run once the change is known to be possible, so a refused change costs no code. */
type Confirm = () => Promise<void>;
const noConfirm: Confirm = async () => undefined;

/** Changes the e-mail address; a login name that was the old address follows it. */
export async function changeEmail(db: Db, user: UserRow, email: string, confirm = noConfirm): Promise<void> {
  const followsLogin = !!user.email && user.loginName.toLowerCase() === user.email.toLowerCase();
  await assertIdentifierFree(db, 'email', email, user.id);
  if (followsLogin) await assertIdentifierFree(db, 'loginName', email, user.id);
  await confirm();
  const values = { email, ...(followsLogin ? { loginName: email } : {}) };
  await writeIdentifiers(values, () => updateUser(db, user.id, values));
}

/** Changes the phone number; a login name that was the old number follows it. */
export async function changePhone(db: Db, user: UserRow, phone: string, confirm = noConfirm): Promise<void> {
  const followsLogin = !!user.phone && user.loginName === user.phone;
  await assertIdentifierFree(db, 'phone', phone, user.id);
  if (followsLogin) await assertIdentifierFree(db, 'loginName', phone, user.id);
  await confirm();
  const values = { phone, ...(followsLogin ? { loginName: phone } : {}) };
  await writeIdentifiers(values, () => updateUser(db, user.id, values));
}

export async function changeLoginName(db: Db, userId: string, loginName: string, values: Partial<typeof users.$inferInsert> = {}): Promise<void> {
  await assertIdentifierFree(db, 'loginName', loginName, userId);
  await writeIdentifiers({ loginName }, () => updateUser(db, userId, { loginName, ...values }));
}

/** Where the account's own codes go: its phone and e-mail address, normalised as codes are issued. */
export const contactTargets = (user: Pick<UserRow, 'phone' | 'email'>): string[] =>
  [user.phone ? normalisePhone(user.phone) : undefined, user.email ? normaliseEmail(user.email) : undefined].filter((t): t is string => !!t);

// ---------------------------------------------------------------------------------------------
// Cancellation

export async function cancelCheck(db: Db, userId: string): Promise<{ reasons: CancelReason[]; plantNum: number }> {
  const [me] = await db.select({ officeId: users.officeId, roleKey: roles.roleKey, userType: roles.userType })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId));
  if (!me) throw fieldError('userId', 'exists');
  const others = and(eq(users.officeId, me.officeId), ne(users.id, userId), ne(users.status, 'cancelled'));
  const [[owned], [colleagues]] = await Promise.all([
    db.select({ n: count() }).from(plants).where(eq(plants.ownerUserId, userId)),
    db.select({
      all: count(),
      professionals: sql<number>`count(*) filter (where ${roles.userType} = 1)`.mapWith(Number),
      administrators: sql<number>`count(*) filter (where ${roles.roleKey} = 'Administrator')`.mapWith(Number),
    }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(others),
  ]);
  const plantNum = owned?.n ?? 0;
  const reasons = cancelReasons({
    plantNum,
    lastProfessionalOfOthers: me.userType === 1 && (colleagues?.all ?? 0) > 0 && colleagues?.professionals === 0,
    lastAdministrator: me.roleKey === 'Administrator' && colleagues?.administrators === 0,
  });
  return { reasons, plantNum };
}

/**
 * Erases the account's personal data and frees its login name, phone and e-mail address. The row
 * stays (status cancelled) because plants, orders and logs of other users refer to it; its invite
 * code stays reserved so that it never points at someone else. The password can no longer match.
 */
export async function markCancelled(db: Db, userId: string, cancelledLoginName: string): Promise<void> {
  await updateUser(db, userId, {
    status: 'cancelled', cancelledAt: new Date(), loginName: cancelledLoginName, nickname: 'cancelled',
    phone: null, email: null, userHead: null, timeZone: null, passwordHash: '!',
  });
}

// ---------------------------------------------------------------------------------------------
// The administrators' account list

export interface AccountFilter {
  searchOfficeIdArr?: string | undefined;
  searchKey?: string | undefined;
  role?: string | undefined;
  officeId?: string | undefined;
}


/** The accounts a filter selects inside the caller's (possibly narrowed) scope. */
export async function accountCondition(db: Db, caller: ScopeCaller, filter: AccountFilter): Promise<SQL> {
  const scope = await resolveScope(db, caller, filter.searchOfficeIdArr);
  const office = filter.officeId ? await assertOfficeInScope(db, caller, filter.officeId) : undefined;
  const text = filter.searchKey?.trim();
  const pattern = text ? `%${escapeLike(text)}%` : '';
  return and(
    userScope(scope),
    office ? objectScope({ userId: caller.userId, officePaths: [office.path], own: false }, { officeId: users.officeId }) : undefined,
    filter.role ? eq(roles.roleKey, filter.role) : undefined,
    text ? or(ilike(users.loginName, pattern), ilike(users.nickname, pattern), ilike(users.phone, pattern), ilike(users.email, pattern)) : undefined,
  )!;
}

const accountColumns = {
  user: users,
  roleKey: roles.roleKey,
  storedRoleName: roles.name,
  userType: roles.userType,
  officeName: offices.name,
  plantNum: sql<number>`(select count(*) from plants p where p.owner_user_id = "users"."id")`.mapWith(Number),
  lastLoginAt: sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = "users"."id" and not s.visitor)`.mapWith(sessions.createdAt),
};

type AccountRow = { user: UserRow; roleKey: string; storedRoleName: string; userType: number; officeName: string; plantNum: number; lastLoginAt: Date | null };

export function toAccount(row: AccountRow, lang: string) {
  const { user } = row;
  return {
    userId: user.id,
    loginName: user.loginName,
    nickname: user.nickname,
    ...(user.phone ? { phone: user.phone } : {}),
    ...(user.email ? { email: user.email } : {}),
    ...(user.countryCode ? { countryCode: user.countryCode, countryName: countryName(user.countryCode, lang) } : {}),
    userType: row.userType as 0 | 1,
    roleKey: row.roleKey as RoleKey,
    roleName: roleName(lang, row.roleKey, row.storedRoleName),
    officeId: user.officeId,
    officeName: row.officeName,
    status: (user.status === 'locked' ? 1 : 0) as 0 | 1,
    plantNum: row.plantNum,
    ...(row.lastLoginAt ? { lastLoginTime: row.lastLoginAt.toISOString() } : {}),
    createTime: user.createdAt.toISOString(),
  };
}
export type AccountDto = ReturnType<typeof toAccount>;

/** The account list's sortable fields (users_login_name_sort_idx, users_nickname_sort_idx, users_created_idx). */
const accountSortKeys: Record<string, SortKey> = {
  loginName: { by: sql`lower(${users.loginName})`, natural: 'asc' },
  nickname: { by: sql`lower(${users.nickname})`, natural: 'asc' },
  createTime: { by: users.createdAt, natural: 'desc' },
};

const accountQuery = (db: Db, condition: SQL, extra: CountColumn = {}, order: SQL[] = [desc(users.createdAt), desc(users.id)]) =>
  db.select({ ...accountColumns, ...extra }).from(users)
    .innerJoin(roles, eq(roles.id, users.roleId)).innerJoin(offices, eq(offices.id, users.officeId))
    .where(condition).orderBy(...order);

export async function pageAccounts(db: Db, caller: ScopeCaller, filter: AccountFilter & PageRequest & SortRequest, lang: string): Promise<Page<AccountDto>> {
  const { pageNo, pageSize, offset } = pageWindow(filter);
  const condition = await accountCondition(db, caller, filter);
  const order = sortTerms(accountSortKeys, users.id, filter);
  const { rows, total } = await readPage(db, listKey('accounts', caller, filter),
    () => db.select({ id: users.id }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(condition).$dynamic(),
    (extra) => accountQuery(db, condition, extra, order).limit(pageSize).offset(offset));
  return { list: rows.map((row) => toAccount(row, lang)), total, pageNo, pageSize };
}

/** Every account the filter selects, in the list's order, up to `limit` (the caller asks one more to see an overflow). */
export async function listAccounts(db: Db, caller: ScopeCaller, filter: AccountFilter & SortRequest, lang: string, limit: number): Promise<AccountDto[]> {
  const rows = await accountQuery(db, await accountCondition(db, caller, filter), {}, sortTerms(accountSortKeys, users.id, filter)).limit(limit);
  return rows.map((row) => toAccount(row, lang));
}

export async function oneAccount(db: Db, userId: string, lang: string): Promise<AccountDto> {
  const [row] = await accountQuery(db, eq(users.id, userId));
  if (!row) throw fieldError('userId', 'exists');
  return toAccount(row, lang);
}

/**
 * Support's exact lookup by login name, phone or e-mail inside the caller's scope, with the plants
 * each account owns. Device serials find nothing while the portal keeps no device inventory.
 */
export async function internalQuery(db: Db, caller: ScopeCaller, queryType: 1 | 2, searchKey: string, lang: string) {
  if (queryType === 2) return [];
  const key = searchKey.trim();
  const match = or(sameLogin(key), eq(users.phone, normalisePhone(key)), sameEmail(key));
  const rows = await accountQuery(db, and(userScope(caller), match)!).limit(20);
  return Promise.all(rows.map(async (row) => {
    const owned = await db.select({ plantUid: plants.plantUid, plantName: plants.plantName }).from(plants)
      .where(and(eq(plants.ownerUserId, row.user.id), plantScope(caller))).orderBy(plants.plantName).limit(100);
    return { ...toAccount(row, lang), plantList: owned };
  }));
}

/** The roles as stored, for the role pickers. */
export function allRoles(db: Db) {
  return db.select({ id: roles.id, roleKey: roles.roleKey, name: roles.name, userType: roles.userType }).from(roles);
}

export async function roleByKey(db: Db, roleKey: string) {
  const [role] = await db.select().from(roles).where(eq(roles.roleKey, roleKey));
  return role;
}

/** The active installer (company and operator) behind an invite code. */
export async function installerByInviteCode(db: Db, inviteCode: string) {
  const [row] = await db.select({ id: users.id, officeId: users.officeId, officeName: offices.name, email: users.email }).from(users)
    .innerJoin(offices, eq(offices.id, users.officeId))
    .where(and(eq(sql`upper(${users.inviteCode})`, inviteCode.trim().toUpperCase()), eq(users.status, 'active')));
  return row;
}
