import { describe, expect, it } from 'vitest';
import { LIST_MEMO_MAX_PAGE_SIZE, ListMemo, listReadsFor } from './list-memo.ts';

const counter = () => {
  let calls = 0;
  return { read: async () => ++calls, get calls() { return calls; } };
};

describe('ListMemo', () => {
  it('reads a page once until a table it reads is written', async () => {
    const memo = new ListMemo();
    const codes = counter();
    const offices = counter();
    expect(await memo.get('codes:1', ['model_codes', 'model_code_serials'], codes.read)).toBe(1);
    expect(await memo.get('codes:1', ['model_codes', 'model_code_serials'], codes.read)).toBe(1);
    expect(await memo.get('offices:1', ['offices'], offices.read)).toBe(1);
    memo.changed('model_code_serials');
    expect(await memo.get('codes:1', ['model_codes', 'model_code_serials'], codes.read)).toBe(2);
    expect(await memo.get('offices:1', ['offices'], offices.read)).toBe(1);
    memo.clear();
    expect(memo.size).toBe(0);
  });

  it('shares a read under way, and drops it when a write is announced meanwhile', async () => {
    const memo = new ListMemo();
    let release!: (n: number) => void;
    let reads = 0;
    const slow = () => {
      reads += 1;
      return new Promise<number>((resolve) => { release = resolve; });
    };
    const first = memo.get('k', ['model_codes'], slow);
    const second = memo.get('k', ['model_codes'], slow);
    expect(reads).toBe(1);
    memo.changed('model_codes');
    release(7);
    expect([await first, await second]).toEqual([7, 7]);
    // What it read may predate the write: the next caller reads afresh.
    const third = memo.get('k', ['model_codes'], slow);
    expect(reads).toBe(2);
    release(8);
    expect(await third).toBe(8);
  });

  it('keeps the answer of a statement that runs again on every await (a query builder), not the statement', async () => {
    const memo = new ListMemo();
    let runs = 0;
    const statement = { then: (resolve: (n: number) => void) => resolve(++runs) } as unknown as Promise<number>;
    await memo.get('q', ['t'], () => statement);
    expect([await memo.get('q', ['t'], () => statement), await memo.get('q', ['t'], () => statement)]).toEqual([1, 1]);
    expect(runs).toBe(1);
  });

  it('forgets a failed read, reads again after the safety TTL, and holds a bounded number of pages', async () => {
    let clock = 0;
    const memo = new ListMemo(1000, 2, () => clock);
    await expect(memo.get('bad', ['t'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(memo.size).toBe(0);
    const pages = counter();
    await memo.get('a', ['t'], pages.read);
    clock = 999;
    expect(await memo.get('a', ['t'], pages.read)).toBe(1);
    clock = 1000;
    expect(await memo.get('a', ['t'], pages.read)).toBe(2);
    await memo.get('b', ['t'], pages.read);
    await memo.get('c', ['t'], pages.read);
    expect(memo.size).toBe(2);
  });
});

describe('listReadsFor', () => {
  it('uses the memo only for a request that has heard every write committed before it, and only for small pages', async () => {
    const memo = new ListMemo();
    let current = true;
    const reads = listReadsFor(memo, async () => current);
    const pages = counter();
    expect(await reads.page('k', ['t'], 10, pages.read)).toBe(1);
    expect(await reads.page('k', ['t'], 10, pages.read)).toBe(1);
    current = false;
    expect(await reads.page('k', ['t'], 10, pages.read)).toBe(2);
    current = true;
    expect(await reads.page('big', ['t'], LIST_MEMO_MAX_PAGE_SIZE + 1, pages.read)).toBe(3);
    expect(await reads.page('big', ['t'], LIST_MEMO_MAX_PAGE_SIZE + 1, pages.read)).toBe(4);
  });
});
