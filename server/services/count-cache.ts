// Counts that many requests ask for and few writes change (how many plants a caller sees, asked
// by getLoginInfo on every page load), kept per key until the database announces a change to
// what they count (NOTIFY portal_auth 'plants', sent by triggers, server/services/auth-events.ts).
// The TTL is only a safety net; announcements are what keep the counts current.

export const COUNT_CACHE_TTL_MS = 60_000;
export const COUNT_CACHE_MAX_ENTRIES = 20_000;

export class CountCache {
  private readonly entries = new Map<string, { n: number; at: number }>();
  /** Bumped by every invalidation, so that a count that raced one is not stored. */
  private epoch = 0;

  constructor(private readonly ttlMs = COUNT_CACHE_TTL_MS, private readonly maxEntries = COUNT_CACHE_MAX_ENTRIES, private readonly now = Date.now) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.n;
    const epoch = this.epoch;
    const n = await count();
    if (epoch === this.epoch) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { n, at: this.now() });
    }
    return n;
  }

  /** Any announcement may change a count (a plant moved, a user moved to another office). */
  invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
