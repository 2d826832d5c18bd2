// Pages of admin lists (page rows and total), kept until the database announces a write to a
// table the list reads (NOTIFY portal_auth 'table:<name>', sent by statement triggers at commit,
// migration 0017), whichever process or hand wrote it. Lists that many people open and few
// change (model codes) are read again and again with the same filter and page: between two
// writes they share one computation, including the callers that ask while it runs.
//
// A memoised page is only as current as the announcements this process has heard, so a request
// uses the memo only once `caughtUp` shows it has heard every write committed before it arrived
// (the same rule as the session cache, server/services/auth-events.ts); otherwise it reads the
// database. Lists whose rows change with the clock or with telemetry (device states, plant
// powers, scheduled documents) are not memoised.

export const LIST_MEMO_TTL_MS = 60_000;
export const LIST_MEMO_MAX_ENTRIES = 1_000;
/** Larger pages are read afresh: a page of 1,000 rows held for each filter would cost too much memory. */
export const LIST_MEMO_MAX_PAGE_SIZE = 100;

interface Entry {
  at: number;
  tables: readonly string[];
  value: Promise<unknown>;
}

export class ListMemo {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs = LIST_MEMO_TTL_MS, private readonly maxEntries = LIST_MEMO_MAX_ENTRIES, private readonly now = Date.now) {}

  get<T>(key: string, tables: readonly string[], compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    // A query builder is a thenable that runs its statement again on every await: the memo
    // keeps the one promise of its answer.
    const value = Promise.resolve(compute());
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // Stored while it runs: a write announced meanwhile drops it, so what it read before the
    // write reaches only the callers that were already waiting for it.
    const entry = { at: this.now(), tables, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** A write to `table` was committed: the pages that read it are read afresh. */
  changed(table: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.tables.includes(table)) this.entries.delete(key);
    }
  }

  /** Announcements may have been missed (the listener was lost): nothing kept can be trusted. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** What a repository asks of the memo, bound to one request. */
export interface ListReads {
  page<T>(key: string, tables: readonly string[], pageSize: number, compute: () => Promise<T>): Promise<T>;
}

/** Reads straight from the database (scripts, tests of repositories, a stale listener). */
export const directReads: ListReads = { page: (_key, _tables, _pageSize, compute) => compute() };

/** The memo as a request may use it: only once `caughtUp()` holds for that request, and only for small pages. */
export function listReadsFor(memo: ListMemo, caughtUp: () => Promise<boolean>): ListReads {
  return {
    async page(key, tables, pageSize, compute) {
      if (pageSize > LIST_MEMO_MAX_PAGE_SIZE || !(await caughtUp())) return compute();
      return memo.get(key, tables, compute);
    },
  };
}
