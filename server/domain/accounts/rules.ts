// Account rules without a database: the login-name change interval, what blocks a cancellation,
// and how a cancelled account's freed identifiers look.
export const LOGIN_NAME_INTERVAL_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** When the login name may change again, or undefined when it may change now. */
export function nextLoginNameChange(changedAt: Date | null, now: Date): Date | undefined {
  if (!changedAt) return undefined;
  const next = new Date(changedAt.getTime() + LOGIN_NAME_INTERVAL_DAYS * DAY_MS);
  return next > now ? next : undefined;
}

export type CancelReason = 'ownsPlants' | 'hasSubAccounts' | 'pendingOrders' | 'lastAdministrator';

export interface CancelFacts {
  plantNum: number;
  /** Professional account whose office keeps other accounts and no other professional account. */
  lastProfessionalOfOthers: boolean;
  /** Administrator with no other administrator in the office. */
  lastAdministrator: boolean;
}

/**
 * What must be settled before an account is cancelled. `pendingOrders` is part of the contract
 * for the points mall; no order can be pending while the portal keeps no orders, so it never
 * appears yet.
 */
export function cancelReasons(facts: CancelFacts): CancelReason[] {
  const reasons: CancelReason[] = [];
  if (facts.plantNum > 0) reasons.push('ownsPlants');
  if (facts.lastProfessionalOfOthers) reasons.push('hasSubAccounts');
  if (facts.lastAdministrator) reasons.push('lastAdministrator');
  return reasons;
}

/** The login name a cancelled account keeps, which frees its own for others. */
export const cancelledLoginName = (userId: string): string => `cancelled-${userId}`;
