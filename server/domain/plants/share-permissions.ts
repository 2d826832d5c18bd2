// What a plant share can grant its visitor (getPlantPermissionList), and how a share's permission
// list is read from a request. The spec names the sharing calls but not the permissions; these
// follow the plant page's areas: the plant itself (overview, devices, live monitoring), its
// reports, its alarms, its remote device settings, and editing the plant. The codes are stored in
// plant_shares.permissions, so they never change; names and descriptions are translated
// (server/i18n/sharing.ts, keys `sharing.permission.<code>` and `sharing.permission.<code>.description`).
import { fieldError } from '../../errors.ts';

export const SHARE_PERMISSIONS = ['viewPlant', 'viewReports', 'viewAlarms', 'remoteSettings', 'editPlant'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

/** Every share grants at least this: a share that shows nothing would be no share. */
export const ALWAYS_GRANTED: SharePermission = 'viewPlant';

/** Granted when the sharer leaves the defaults: looking, not changing. */
export const DEFAULT_PERMISSIONS: ReadonlySet<SharePermission> = new Set(['viewPlant', 'viewReports', 'viewAlarms']);

export const isSharePermission = (code: string): code is SharePermission => (SHARE_PERMISSIONS as readonly string[]).includes(code);

/**
 * The comma-joined `permissions` of a request as a stored list: known codes only (else 10003
 * naming the field, with the codes there are), without repeats, `viewPlant` always included,
 * in the order of SHARE_PERMISSIONS so that equal grants read the same.
 */
export function parsePermissions(raw: string, field = 'permissions'): SharePermission[] {
  const codes = raw.split(',').map((code) => code.trim()).filter(Boolean);
  const unknown = codes.filter((code) => !isSharePermission(code));
  if (unknown.length) throw fieldError(field, 'enum', { values: SHARE_PERMISSIONS.join(', ') });
  const granted = new Set<string>([ALWAYS_GRANTED, ...codes]);
  return SHARE_PERMISSIONS.filter((code) => granted.has(code));
}

/** A login name, e-mail address or phone number shown to someone who only typed it: enough to recognise, not to harvest. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${maskPart(account.slice(0, at))}@${account.slice(at + 1)}`;
  if (/^\+?\d{7,}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  return maskPart(account);
}

function maskPart(part: string): string {
  if (part.length <= 2) return `${part[0] ?? ''}*`;
  return `${part[0]}${'*'.repeat(Math.min(part.length - 2, 6))}${part[part.length - 1]}`;
}

export type AccountKind = 'loginName' | 'email' | 'phone';

/**
 * How a typed account is read: an e-mail address holds @, a phone number is digits with an
 * optional + and spaces, dashes or dots between them, anything else is a login name.
 */
export function accountKind(typed: string): AccountKind {
  const value = typed.trim();
  if (value.includes('@')) return 'email';
  if (/^\+?\d(?:[\d .-]*\d)?$/.test(value) && value.replace(/\D/g, '').length >= 5) return 'phone';
  return 'loginName';
}
