// Who a plant belongs to: handing it to another owner or installer, the owner's contact details,
// and the agent-mode check. Only callers who manage the plant (never a visitor) change these.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { plantFavorites, plantTopRecords, plants, roles, users } from '../db/schema/index.ts';
import { maskAccount } from '../domain/plants/share-permissions.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { installerByInviteCode, } from './accounts.ts';
import { isUniqueViolation } from './paging.ts';
import { assertPlantManaged, assertUserInScope, plantManagedScope } from './scope.ts';
import { PUBLIC_OFFICE_ID } from './plant-writes.ts';

/** The end user an account names, who does not own the plant yet; 10003 naming account otherwise. */
export async function findNewOwner(db: Db, auth: AuthContext, plantUid: string, account: string) {
  const plant = await assertPlantManaged(db, auth, plantUid);
  const a = account.trim();
  const [user] = await db.select({ id: users.id, nickname: users.nickname, loginName: users.loginName, email: users.email, phone: users.phone, userType: roles.userType })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(or(eq(sql`lower(${users.loginName})`, a.toLowerCase()), eq(sql`lower(${users.email})`, a.toLowerCase()), eq(users.phone, a)), eq(users.status, 'active')));
  if (!user) throw fieldError('account', 'exists');
  if (user.userType !== 0) throw fieldError('account', 'notEndUser');
  if (user.id === plant.ownerUserId) throw fieldError('account', 'plantHasOwner');
  const matched = [user.loginName, user.email, user.phone].find((v) => v && v.toLowerCase() === a.toLowerCase()) ?? user.loginName;
  return { userId: user.id, nickname: user.nickname, account: maskAccount(matched) };
}

export async function changeOwner(db: Db, auth: AuthContext, plantUid: string, userId: string) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const plant = await assertPlantManaged(t, auth, plantUid);
    const [user] = await t.select({ id: users.id, loginName: users.loginName }).from(users).where(eq(users.id, userId));
    if (!user) throw fieldError('userId', 'exists');
    await findNewOwner(t, auth, plantUid, user.loginName);
    await tx.update(plants).set({ ownerUserId: userId, updatedAt: new Date() }).where(eq(plants.plantUid, plantUid));
    // The previous owner's marks go unless their organisations still cover the plant.
    if (plant.ownerUserId) {
      const [still] = await tx.select({ id: plants.plantUid }).from(plants).where(and(eq(plants.plantUid, plantUid), plantManagedScope(await previousOwner(t, plant.ownerUserId))));
      if (!still) {
        await tx.delete(plantFavorites).where(and(eq(plantFavorites.plantUid, plantUid), eq(plantFavorites.userId, plant.ownerUserId)));
        await tx.delete(plantTopRecords).where(and(eq(plantTopRecords.plantUid, plantUid), eq(plantTopRecords.userId, plant.ownerUserId)));
      }
    }
  });
}

async function previousOwner(db: Db, userId: string) {
  const [u] = await db.select({ userId: users.id, officePath: sql<string>`(select path from offices where id = ${users.officeId})`, userType: roles.userType })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId));
  return u ?? { userId, officePath: '', userType: 0 };
}

/** The installer of an invite code, unless they already look after the plant. */
export async function findNewInstaller(db: Db, auth: AuthContext, plantUid: string, inviteCode: string) {
  const plant = await assertPlantManaged(db, auth, plantUid);
  const installer = await installerByInviteCode(db, inviteCode);
  if (!installer) throw fieldError('inviteCode', 'exists');
  if (installer.id === plant.installerUserId) throw fieldError('inviteCode', 'samePlantInstaller');
  return installer;
}

export async function changeInstaller(db: Db, auth: AuthContext, plantUid: string, inviteCode: string) {
  await db.transaction(async (tx) => {
    const installer = await findNewInstaller(tx as unknown as Db, auth, plantUid, inviteCode);
    await tx.update(plants).set({ installerUserId: installer.id, officeId: installer.officeId, pointInviteCode: inviteCode.trim(), updatedAt: new Date() })
      .where(eq(plants.plantUid, plantUid));
  });
}

export async function editOwner(db: Db, auth: AuthContext, body: { plantUid: string; ownerName?: string | undefined; ownerEmail?: string | undefined; ownerPhone?: string | undefined }) {
  await db.transaction(async (tx) => {
    const plant = await assertPlantManaged(tx as unknown as Db, auth, body.plantUid);
    if (!plant.ownerUserId) throw fieldError('plantUid', 'exists');
    if (!body.ownerName && !body.ownerEmail && !body.ownerPhone) throw fieldError('ownerName', 'required');
    const email = body.ownerEmail?.trim();
    const phone = body.ownerPhone?.trim();
    for (const [field, column, value] of [['ownerEmail', users.email, email], ['ownerPhone', users.phone, phone]] as const) {
      if (!value) continue;
      const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(sql`lower(${column})`, value.toLowerCase()), ne(users.id, plant.ownerUserId)));
      if (other) throw fieldError(field, 'unique', { value });
    }
    try {
      await tx.update(users).set({
        ...(body.ownerName ? { nickname: body.ownerName.trim() } : {}), ...(email ? { email } : {}), ...(phone ? { phone } : {}),
      }).where(eq(users.id, plant.ownerUserId));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(email ? 'ownerEmail' : 'ownerPhone', 'unique', { value: email ?? phone ?? '' });
      throw error;
    }
  });
}

/** Agent mode: may the caller add a plant for this end user, and is the installer step needed? */
export async function agentCheck(db: Db, auth: AuthContext, endUserId: string) {
  if (auth.visitor) throw notFoundOrForbidden();
  const user = await assertUserInScope(db, auth, endUserId);
  return {
    canAdd: user.userType === 0 && user.status === 'active' ? 1 as const : 0 as const,
    needInstallerStep: user.officeId === PUBLIC_OFFICE_ID ? 1 as const : 0 as const,
    endUserName: user.nickname.slice(0, 50),
  };
}
