// Permission and role checks (000 section 6), shared by the server's enforcement and the web's
// access control so that both sides agree.
export const ALL_PERMISSIONS = '*:*:*';
export const SUPER_ROLE = 'Administrator';

/** True when any of `required` is held, or the wildcard is. Empty `required` is false. */
export function hasAnyPermission(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required?.length) return false;
  return held.includes(ALL_PERMISSIONS) || required.some((p) => held.includes(p));
}

/** True when every one of `required` is held, or the wildcard is. Empty `required` is false. */
export function hasAllPermissions(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required?.length) return false;
  return held.includes(ALL_PERMISSIONS) || required.every((p) => held.includes(p));
}

/** Administrator passes every role check; otherwise any of `required` must be held. */
export function hasAnyRole(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required?.length) return false;
  return held.includes(SUPER_ROLE) || required.some((r) => held.includes(r));
}

export function hasAllRoles(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required?.length) return false;
  return held.includes(SUPER_ROLE) || required.every((r) => held.includes(r));
}
