// User administration (001 section 7): the user's own account changes, and what staff do to the
// accounts in their scope. Targets outside the scope answer 10005 (scope.ts).
import { AppError, ErrCode, fieldError, notFoundOrForbidden } from '../errors.ts';
import { translate } from '../i18n/messages.ts';
import { hashPassword, verifyPassword } from '../domain/auth/passwords.ts';
import { checkPassword, passwordFieldError } from '../domain/auth/password-policy.ts';
import { normaliseEmail, normalisePhone } from '../domain/codes/codes.ts';
import { maskAccount } from '../domain/plants/share-permissions.ts';
import { manageableRoles, mayManageRole } from '../domain/accounts/roles.ts';
import { LOGIN_NAME_INTERVAL_DAYS, cancelledLoginName, nextLoginNameChange } from '../domain/accounts/rules.ts';
import { MAX_EXPORT_ROWS, accountWorkbook, contentDisposition, exportFileName } from '../domain/accounts/export.ts';
import type { Db } from '../db/client.ts';
import * as accounts from '../repositories/accounts.ts';
import { cancelOtherAccount, editAccount } from '../repositories/account-admin.ts';
import { removeAvatar } from '../repositories/avatars.ts';
import { consumeCode } from '../repositories/codes.ts';
import { officeWithDescendants } from '../repositories/offices.ts';
import { assertOfficeInScope, assertUserInScope } from '../repositories/scope.ts';
import { revokeUserSessions } from '../repositories/sessions.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { defineHandlers, type HandlerContext } from './types.ts';

const me = async (db: Db, auth: AuthContext) => {
  const user = await accounts.findUser(db, auth.userId);
  if (!user) throw new AppError(ErrCode.notLoggedIn, 'error.notLoggedIn');
  return user;
};

/** An end user in the caller's scope: 10005 outside it, 10003 naming `userId` for any other account. */
async function endUserInScope(db: Db, auth: AuthContext, userId: string) {
  const target = await assertUserInScope(db, auth, userId);
  if (target.userType !== 0) throw fieldError('userId', 'notEndUser');
  return target;
}

/** An account the caller may act on: their own, or one whose role is below theirs (10005 otherwise). */
async function manageableInScope(db: Db, auth: AuthContext, userId: string) {
  const target = await assertUserInScope(db, auth, userId);
  if (target.id !== auth.userId && !mayManageRole(auth.roleKey, target.roleKey)) throw notFoundOrForbidden();
  return target;
}

/** Staff changes to someone else's account go to the log with who made them. */
const logStaffChange = (ctx: Pick<HandlerContext<'modifyEndUserPhone'>, 'request' | 'user'>, targetUserId: string, field: string) =>
  ctx.request.log.info({ operatorId: ctx.user.userId, targetUserId, field }, 'account changed by staff');

/** The user's code for `purpose`, sent to their own phone or e-mail address (whichever they chose). */
async function consumeOwnCode(db: Db, user: accounts.UserRow, purpose: 'cancel', code: string): Promise<void> {
  let failure: unknown = fieldError('code', 'codeExpired');
  for (const target of accounts.contactTargets(user)) {
    try {
      await consumeCode(db, { purpose, target, code });
      return;
    } catch (error) {
      // A wrong code on a target that had one says more than "no code" on the other.
      if (!(error instanceof AppError) || error.fields[0]?.rule !== 'codeExpired') failure = error;
    }
  }
  throw failure;
}

export const userAdminHandlers = defineHandlers({
  async checkCancelAccount({ db, user }) {
    const { reasons, plantNum } = await accounts.cancelCheck(db, user.userId);
    return { canCancel: reasons.length ? 0 : 1, reasons, plantNum };
  },

  async getCancelAccountExplain({ lang }) {
    return { title: translate(lang, 'accounts.cancel.title'), content: translate(lang, 'accounts.cancel.content') };
  },

  async cancelAccount({ db, config, user, body }) {
    const { reasons } = await accounts.cancelCheck(db, user.userId);
    if (reasons.length) throw fieldError(reasons[0]!, 'cancelBlocked');
    const account = await me(db, user);
    if (body.password !== undefined) {
      if (!(await verifyPassword(account.passwordHash, body.password))) throw fieldError('password', 'wrongPassword');
    } else if (body.code !== undefined) {
      await consumeOwnCode(db, account, 'cancel', body.code);
    } else {
      throw fieldError('password', 'required');
    }
    await db.transaction(async (tx) => {
      await accounts.markCancelled(tx as unknown as Db, account.id, cancelledLoginName(account.id));
      await revokeUserSessions(tx as unknown as Db, account.id, 'cancel');
    });
    await removeAvatar(config, account.userHead);
    return null;
  },

  async modifyPassword({ db, user, body }) {
    const account = await me(db, user);
    if (!(await verifyPassword(account.passwordHash, body.oldPassword))) throw fieldError('oldPassword', 'wrongPassword');
    if (body.newPassword === body.oldPassword) throw fieldError('newPassword', 'samePassword');
    const violation = checkPassword(body.newPassword, { loginName: account.loginName });
    if (violation) throw passwordFieldError('newPassword', violation);
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await accounts.updateUser(tx as unknown as Db, account.id, { passwordHash, passwordChangedAt: new Date() });
      await revokeUserSessions(tx as unknown as Db, account.id, 'password', user.sessionId);
    });
    return null;
  },

  async modifyEmail({ db, user, body }) {
    await accounts.changeEmail(db, await me(db, user), body.email,
      () => consumeCode(db, { purpose: 'modifyEmail', target: normaliseEmail(body.email), code: body.code }));
    return null;
  },

  async modifyPhone({ db, user, body }) {
    const phone = normalisePhone(body.phone);
    await accounts.changePhone(db, await me(db, user), phone, () => consumeCode(db, { purpose: 'modifyPhone', target: phone, code: body.code }));
    return null;
  },

  async saveUserInfo({ db, user, body }) {
    const { nickname } = body;
    await accounts.updateUser(db, user.userId, {
      ...(nickname !== undefined ? { nickname } : {}),
      ...(body.countryCode !== undefined ? { countryCode: body.countryCode } : {}),
      ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
    });
    return accounts.loadProfile(db, user.userId);
  },

  async checkUpdateLoginNamePer({ db, user }) {
    const next = nextLoginNameChange((await me(db, user)).loginNameChangedAt, new Date());
    return next ? { canUpdate: 0 as const, nextUpdateTime: next.toISOString() } : { canUpdate: 1 as const };
  },

  async updateUserLoginName({ db, user, body }) {
    const next = nextLoginNameChange((await me(db, user)).loginNameChangedAt, new Date());
    if (next) throw fieldError('loginName', 'tooSoon', { days: LOGIN_NAME_INTERVAL_DAYS, next: next.toISOString() });
    await accounts.changeLoginName(db, user.userId, body.loginName, { loginNameChangedAt: new Date() });
    return null;
  },

  async modifyEndUserLoginName(ctx) {
    const { db, user, body } = ctx;
    const target = await endUserInScope(db, user, body.userId);
    await accounts.changeLoginName(db, target.id, body.loginName);
    // The end user logs in again under the name they will now be told.
    await revokeUserSessions(db, target.id, 'admin');
    logStaffChange(ctx, target.id, 'loginName');
    return null;
  },

  async modifyEndUserPhone(ctx) {
    const { db, user, body } = ctx;
    const target = await endUserInScope(db, user, body.userId);
    await accounts.changePhone(db, target, normalisePhone(body.phone));
    logStaffChange(ctx, target.id, 'phone');
    return null;
  },

  async modifyEndUserEmail(ctx) {
    const { db, user, body } = ctx;
    const target = await endUserInScope(db, user, body.userId);
    await accounts.changeEmail(db, target, body.email);
    logStaffChange(ctx, target.id, 'email');
    return null;
  },

  async updateToDistributorOrInstaller(ctx) {
    const { db, user, body, lang } = ctx;
    const target = await endUserInScope(db, user, body.userId);
    await assertOfficeInScope(db, user, body.officeId);
    if (!mayManageRole(user.roleKey, body.roleKey)) throw fieldError('roleKey', 'notAssignable');
    const role = await accounts.roleByKey(db, body.roleKey);
    if (!role) throw fieldError('roleKey', 'exists');
    await db.transaction(async (tx) => {
      await accounts.updateUser(tx as unknown as Db, target.id, { roleId: role.id, officeId: body.officeId });
      await revokeUserSessions(tx as unknown as Db, target.id, 'admin');
    });
    logStaffChange(ctx, target.id, 'role');
    return accounts.oneAccount(db, target.id, lang);
  },

  async modifyTargetUserCountryCode(ctx) {
    const { db, user, body } = ctx;
    const target = await manageableInScope(db, user, body.userId);
    // Every office may serve every country while no per-office authorisation is stored (findAuthCountryList).
    await accounts.updateUser(db, target.id, { countryCode: body.countryCode });
    logStaffChange(ctx, target.id, 'countryCode');
    return null;
  },

  async lockUser(ctx) {
    const { db, user, body } = ctx;
    if (body.userId === user.userId) throw fieldError('userId', 'self');
    const target = await manageableInScope(db, user, body.userId);
    await db.transaction(async (tx) => {
      await accounts.updateUser(tx as unknown as Db, target.id, { status: body.locked ? 'locked' : 'active' });
      if (body.locked) await revokeUserSessions(tx as unknown as Db, target.id, 'admin');
    });
    logStaffChange(ctx, target.id, body.locked ? 'locked' : 'unlocked');
    return null;
  },

  async accountDetail({ db, user, query, lang }) {
    await assertUserInScope(db, user, query.userId);
    return accounts.oneAccount(db, query.userId, lang);
  },

  async accountEdit(ctx) {
    const { db, user, body, lang } = ctx;
    const changed = await editAccount(db, user, body);
    for (const field of changed) logStaffChange(ctx, body.userId, field);
    return accounts.oneAccount(db, body.userId, lang);
  },

  async accountDelete(ctx) {
    const { db, config, user, body } = ctx;
    const avatar = await cancelOtherAccount(db, user, body.userId);
    await removeAvatar(config, avatar);
    logStaffChange(ctx, body.userId, 'cancelled');
    return null;
  },

  getCompanySubOfficeList: ({ db, user, query }) => officeWithDescendants(db, user, query.officeId || user.officeId),

  companyAccountList: ({ db, user, query, lang }) => accounts.pageAccounts(db, user, query, lang),

  async exportCompanyAccountList({ db, user, query, lang, reply }) {
    const rows = await accounts.listAccounts(db, user, query, lang, MAX_EXPORT_ROWS + 1);
    if (rows.length > MAX_EXPORT_ROWS) throw new AppError(ErrCode.badParam, 'accounts.exportTooLarge', { limit: MAX_EXPORT_ROWS });
    const file = await accountWorkbook(rows, lang);
    const name = exportFileName(lang, new Date());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(name))
      .header('download-filename', encodeURIComponent(name))
      .send(file);
  },

  getInternalQuery: ({ db, user, query, lang }) => accounts.internalQuery(db, user, query.queryType, query.searchKey, lang),

  async endUserSelectRoleList({ db, user, lang }) {
    const roles = manageableRoles(user.roleKey, await accounts.allRoles(db));
    return roles.map((role) => ({
      roleId: String(role.id), roleKey: role.roleKey, roleName: accounts.roleName(lang, role.roleKey, role.name), userType: role.userType as 0 | 1,
    }));
  },

  async getUserByInviteCode({ db, query }) {
    const installer = await accounts.installerByInviteCode(db, query.inviteCode);
    if (!installer) throw fieldError('inviteCode', 'exists');
    // Whoever holds the code (a new owner on the registration page) learns whose it is, not the address.
    return { name: installer.officeName, email: installer.email ? maskAccount(installer.email) : '' };
  },
});
