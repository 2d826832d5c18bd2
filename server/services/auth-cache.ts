// A short-lived cache of resolved sessions (session, user, permission set) keyed by the access
// token's hash, so that a signed-in request does not resolve its session in the database every
// time. Every change that could matter is announced by the database itself (triggers on
// sessions, session_tokens, users, roles, role_permissions and offices: NOTIFY portal_auth), so
// no code path can forget to invalidate; `AuthEvents` delivers those announcements here.
import type { AuthContext } from '../plugins/auth.ts';

export const AUTH_CACHE_TTL_MS = 30_000;
export const AUTH_CACHE_MAX_ENTRIES = 20_000;

interface Entry {
  auth: AuthContext;
  /** The earliest of: cached + TTL, the token's expiry, the session's absolute expiry. */
  validUntil: number;
}

export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation, so that a lookup that raced one is not stored. */
  private epoch = 0;

  constructor(private readonly ttlMs = AUTH_CACHE_TTL_MS, private readonly maxEntries = AUTH_CACHE_MAX_ENTRIES, private readonly now = Date.now) {}

  get(tokenHash: string): AuthContext | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.validUntil <= this.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.auth;
  }

  /** The epoch to hand back to `put` once the database has answered. */
  begin(): number {
    return this.epoch;
  }

  put(tokenHash: string, auth: AuthContext, tokenValidUntil: Date, epoch: number): void {
    if (epoch !== this.epoch) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { auth, validUntil: Math.min(this.now() + this.ttlMs, tokenValidUntil.getTime()) });
  }

  /**
   * `session:<id>`, `user:<id>`, `plants` (nothing a session holds), or anything else (roles,
   * permissions, offices): everything.
   */
  invalidate(message: string): void {
    const [kind, id] = message.split(/:(.*)/s) as [string, string | undefined];
    if (kind === 'plants') return;
    this.epoch += 1;
    if ((kind === 'session' || kind === 'user') && id) {
      for (const [key, { auth }] of this.entries) {
        if ((kind === 'session' ? auth.sessionId : auth.userId) === id) this.entries.delete(key);
      }
      return;
    }
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
