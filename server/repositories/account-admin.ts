// What an administrator changes on other accounts from the account screen: several fields in one
// form (accountEdit) and the cancellation of an account (accountDelete). The rules are those of the
// single-field operations (scope, roles below the caller's, unique identifiers) applied together
// in one transaction; a changed role or office ends the account's sessions so that its new
// permissions apply at the next login.
import type { Db } from '../db/client.ts';
import { cancelledLoginName, type CancelReason } from '../domain/accounts/rules.ts';
import { mayManageRole } from '../domain/accounts/roles.ts';
import { normalisePhone } from '../domain/codes/codes.ts';
import { fieldError, notFoundOrForbidden } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { cancelCheck, changeEmail, changePhone, markCancelled, roleByKey, updateUser } from './accounts.ts';
import { assertOfficeInScope, assertUserInScope } from './scope.ts';
import { revokeUserSessions } from './sessions.ts';

export interface AccountChanges {
  userId: string;
  nickname?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  countryCode?: string | undefined;
  roleKey?: string | undefined;
  officeId?: string | undefined;
}

/** The account when the caller may act on it: their own, or one whose role is below theirs (10005 otherwise). */
async function manageable(db: Db, caller: AuthContext, userId: string) {
  const target = await assertUserInScope(db, caller, userId);
  if (target.id !== caller.userId && !mayManageRole(caller.roleKey, target.roleKey)) throw notFoundOrForbidden();
  return target;
}

/** Applies an administrator's account form; answers the names of the fields that changed (for the log). */
export async function editAccount(db: Db, caller: AuthContext, changes: AccountChanges): Promise<string[]> {
  const target = await manageable(db, caller, changes.userId);
  const self = target.id === caller.userId;
  const newRole = changes.roleKey !== undefined && changes.roleKey !== target.roleKey ? changes.roleKey : undefined;
  const newOffice = changes.officeId !== undefined && changes.officeId !== target.officeId ? changes.officeId : undefined;
  // One's own role and office are another administrator's to change: they decide what one may do.
  if (self && newRole) throw fieldError('roleKey', 'selfChange');
  if (self && newOffice) throw fieldError('officeId', 'selfChange');
  let roleId: number | undefined;
  if (newRole) {
    if (!mayManageRole(caller.roleKey, newRole)) throw fieldError('roleKey', 'notAssignable');
    const role = await roleByKey(db, newRole);
    if (!role) throw fieldError('roleKey', 'exists');
    // End users become professionals with their plants' installer attached (updateToDistributorOrInstaller).
    if (role.userType !== target.userType) throw fieldError('roleKey', 'roleUserType');
    roleId = role.id;
  }
  if (newOffice) await assertOfficeInScope(db, caller, newOffice);
  const phone = changes.phone !== undefined ? normalisePhone(changes.phone) : undefined;
  const changed: string[] = [];
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (phone !== undefined && phone !== target.phone) {
      await changePhone(t, target, phone);
      changed.push('phone');
    }
    if (changes.email !== undefined && changes.email.toLowerCase() !== target.email?.toLowerCase()) {
      await changeEmail(t, target, changes.email);
      changed.push('email');
    }
    const values = {
      ...(changes.nickname !== undefined && changes.nickname !== target.nickname ? { nickname: changes.nickname } : {}),
      ...(changes.countryCode !== undefined && changes.countryCode !== target.countryCode ? { countryCode: changes.countryCode } : {}),
      ...(roleId !== undefined ? { roleId } : {}),
      ...(newOffice ? { officeId: newOffice } : {}),
    };
    if (Object.keys(values).length) await updateUser(t, target.id, values);
    changed.push(...Object.keys(values));
    if (newRole || newOffice) await revokeUserSessions(t, target.id, 'admin');
  });
  return changed;
}

/** The refusal's rule for each thing that must be settled before an account is cancelled. */
const blockedRule: Record<CancelReason, string> = {
  ownsPlants: 'accountOwnsPlants',
  hasSubAccounts: 'accountHasSubAccounts',
  lastAdministrator: 'accountLastAdministrator',
  pendingOrders: 'cancelBlocked',
};

/** Cancels another account as cancelAccount cancels one's own; answers its avatar to remove. */
export async function cancelOtherAccount(db: Db, caller: AuthContext, userId: string): Promise<string | null> {
  if (userId === caller.userId) throw fieldError('userId', 'self');
  const target = await manageable(db, caller, userId);
  const { reasons, plantNum } = await cancelCheck(db, target.id);
  if (reasons.length) throw fieldError('userId', blockedRule[reasons[0]!], { count: plantNum });
  await db.transaction(async (tx) => {
    await markCancelled(tx as unknown as Db, target.id, cancelledLoginName(target.id));
    await revokeUserSessions(tx as unknown as Db, target.id, 'admin');
  });
  return target.userHead;
}
