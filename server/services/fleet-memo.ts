// Answers of fleet statistics (the home dashboard over every plant a caller sees), kept until the
// next telemetry commit or change of plants is announced (server/telemetry/live.ts,
// server/services/auth-events.ts), and for at most FLEET_MEMO_TTL_MS: device online states follow
// the clock, and device bindings are not announced. A fleet answer sums thousands of rollup rows;
// callers who see the same plants ask the same questions between two commits, and so share one
// computation, including the callers that ask while it runs.
//
// A large fleet commits telemetry every second or more often. An answer younger than
// FLEET_MEMO_MIN_AGE_MS therefore outlives a commit, so that each question is computed at most
// about once a second however busy the ingest; a change of plants drops every answer at once.

export const FLEET_MEMO_TTL_MS = 10_000;
export const FLEET_MEMO_MIN_AGE_MS = 1_000;
export const FLEET_MEMO_MAX_ENTRIES = 2_000;

export class FleetMemo {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  /** When the last commit was announced. */
  private committedAt = -Infinity;

  constructor(private readonly ttlMs = FLEET_MEMO_TTL_MS, private readonly minAgeMs = FLEET_MEMO_MIN_AGE_MS,
    private readonly maxEntries = FLEET_MEMO_MAX_ENTRIES, private readonly now = Date.now) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const age = hit ? this.now() - hit.at : Infinity;
    if (hit && age < this.ttlMs && (hit.at > this.committedAt || age < this.minAgeMs)) return hit.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // Stored while it runs: an invalidation meanwhile drops it, so what it computed from the
    // older data reaches only the callers that were already waiting for it.
    this.entries.set(key, { at: this.now(), value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Telemetry was committed: answers older than the minimum age are recomputed when next asked. */
  committed(): void {
    this.committedAt = this.now();
  }

  /** Plants were added, removed or moved: every answer is recomputed. */
  invalidate(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
