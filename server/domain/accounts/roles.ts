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

/** Roles that exist only for the system (the demo visitor) and are never given to an account. */
export const isAssignableRole = (roleKey: string): boolean => roleKey in RANK;

export function mayManageRole(callerRole: string, targetRole: string): boolean {
  if (!isAssignableRole(targetRole)) return false;
  if (callerRole === 'Administrator') return true;
  return (RANK[targetRole] ?? 0) < (RANK[callerRole] ?? 0);
}

/** The roles `callerRole` may manage, highest first. */
export function manageableRoles<T extends { roleKey: string }>(callerRole: string, all: T[]): T[] {
  return all.filter((role) => mayManageRole(callerRole, role.roleKey)).sort((a, b) => (RANK[b.roleKey] ?? 0) - (RANK[a.roleKey] ?? 0));
}
