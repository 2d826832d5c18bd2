// Permission and role checks for elements (000 section 6): `*:*:*` grants every permission,
// Administrator passes every role check, an empty or missing argument is false, and an element
// whose check fails is removed from the page. The rules themselves are src/lib/permissions.ts,
// shared with the server.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { hasAllPermissions, hasAllRoles, hasAnyPermission, hasAnyRole } from '@/lib/permissions';

export interface Access {
  permissions: readonly string[];
  roles: readonly string[];
  /** A read-only session (the demo visitor, getLoginInfo's userInfo.visitor): it may look, never change. */
  readOnly?: boolean;
}

const NO_ACCESS: Access = { permissions: [], roles: [] };
const AccessContext = createContext<Access>(NO_ACCESS);

/** What the signed-in user holds, from getLoginInfo; the shell provides it once. */
export function AccessProvider({ value, children }: { value: Access; children: ReactNode }) {
  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

type Required = string | readonly string[] | undefined;
const list = (required: Required): readonly string[] | undefined => (typeof required === 'string' ? [required] : required);

export interface AccessChecks {
  /** Any of the permissions is held. */
  hasPermission(required: Required): boolean;
  /** Every one of the permissions is held. */
  hasAllPermissions(required: Required): boolean;
  /** Any of the roles is held (Administrator passes). */
  hasRole(required: Required): boolean;
  /** Every one of the roles is held (Administrator passes). */
  hasAllRoles(required: Required): boolean;
  /** The session may change nothing: pages offer no action that writes. */
  readOnly: boolean;
}

export function useAccess(): AccessChecks {
  const { permissions, roles, readOnly = false } = useContext(AccessContext);
  return useMemo(() => ({
    readOnly,
    hasPermission: (required) => hasAnyPermission(permissions, list(required)),
    hasAllPermissions: (required) => hasAllPermissions(permissions, list(required)),
    hasRole: (required) => hasAnyRole(roles, list(required)),
    hasAllRoles: (required) => hasAllRoles(roles, list(required)),
  }), [permissions, roles, readOnly]);
}

export interface PermissionProps {
  /** Shown when any of these permissions is held. */
  anyOf?: Required;
  /** Shown when every one of these permissions is held. */
  allOf?: Required;
  /** Shown when any of these roles is held. */
  anyRole?: Required;
  /** Shown when every one of these roles is held. */
  allRoles?: Required;
  children: ReactNode;
}

/** True when at least one check is asked for and every check asked for passes. */
export function permits(checks: AccessChecks, { anyOf, allOf, anyRole, allRoles }: Omit<PermissionProps, 'children'>): boolean {
  const asked: [Required, (required: Required) => boolean][] = [
    [anyOf, checks.hasPermission], [allOf, checks.hasAllPermissions], [anyRole, checks.hasRole], [allRoles, checks.hasAllRoles],
  ];
  const results = asked.filter(([required]) => required !== undefined).map(([required, check]) => check(required));
  return results.length > 0 && results.every(Boolean);
}

/** Renders its children only when the user passes the checks; otherwise nothing at all. */
export function Permission({ children, ...required }: PermissionProps) {
  const checks = useAccess();
  return permits(checks, required) ? <>{children}</> : null;
}
