// Which roles a caller may hand out, filter by or act on: strictly those below their own, so that
// nobody can raise an account to their own level or above. Administrators reach every role.
const RANK: Record<string, number> = {
  Administrator: 100,
  TechnicalSupport: 80,
  DirectDistributor: 60,
  YwServiceProvider: 50,
  Installer: 40,
  Engineer: 30,
  staff1: 20,
  EndUser: 10,
};

/** Roles that exist only for the system and are never given to an account. */
const SYSTEM_ONLY: ReadonlySet<string> = new Set(['Visitor']);

/** Every role but the demo visitor's: the built-in ones and those administrators add (role administration). */
export const isAssignableRole = (roleKey: string): boolean => !SYSTEM_ONLY.has(roleKey);

export function mayManageRole(callerRole: string, targetRole: string): boolean {
  if (!isAssignableRole(targetRole)) return false;
  if (callerRole === 'Administrator') return true;
  // A role administrators added has no rank: it may grant anything, so only they give it or act on its accounts.
  const target = RANK[targetRole];
  const caller = RANK[callerRole];
  return target !== undefined && caller !== undefined && target < caller;
}

/** The roles `callerRole` may manage, highest first. */
export function manageableRoles<T extends { roleKey: string }>(callerRole: string, all: T[]): T[] {
  return all.filter((role) => mayManageRole(callerRole, role.roleKey)).sort((a, b) => (RANK[b.roleKey] ?? 0) - (RANK[a.roleKey] ?? 0));
}
