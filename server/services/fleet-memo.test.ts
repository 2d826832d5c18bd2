import { describe, expect, it } from 'vitest';
import { FleetMemo } from './fleet-memo.ts';

describe('FleetMemo', () => {
  it('shares one computation among callers who ask while it runs and after, until invalidated', async () => {
    const memo = new FleetMemo();
    let runs = 0;
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([memo.get('k', compute), memo.get('k', compute)]);
    expect([a, b, await memo.get('k', compute)]).toEqual([1, 1, 1]);
    memo.invalidate();
    expect(await memo.get('k', compute)).toBe(2);
    expect(await memo.get('other', compute)).toBe(3);
  });

  it('does not keep an answer computed before an invalidation, nor a failure', async () => {
    const memo = new FleetMemo();
    let release!: (n: number) => void;
    const slow = memo.get('k', () => new Promise<number>((resolve) => { release = resolve; }));
    memo.invalidate();
    release(1);
    expect(await slow).toBe(1);
    expect(await memo.get('k', async () => 2)).toBe(2);

    await expect(memo.get('f', async () => { throw new Error('down'); })).rejects.toThrow('down');
    expect(await memo.get('f', async () => 3)).toBe(3);
  });

  it('expires answers after its time to live, and holds a bounded number of them', async () => {
    let now = 0;
    const memo = new FleetMemo(1000, 100, 2, () => now);
    expect(await memo.get('k', async () => 1)).toBe(1);
    now = 999;
    expect(await memo.get('k', async () => 2)).toBe(1);
    now = 1000;
    expect(await memo.get('k', async () => 3)).toBe(3);
    await memo.get('a', async () => 0);
    await memo.get('b', async () => 0);
    expect(memo.size).toBe(2);
  });
});

describe('FleetMemo after a commit', () => {
  it('recomputes an answer older than the minimum age, and keeps a younger one', async () => {
    let now = 0;
    const memo = new FleetMemo(10_000, 1000, 100, () => now);
    expect(await memo.get('k', async () => 1)).toBe(1);
    now = 500;
    memo.committed();
    expect(await memo.get('k', async () => 2)).toBe(1);
    now = 1000;
    expect(await memo.get('k', async () => 3)).toBe(3);
    now = 5000;
    expect(await memo.get('k', async () => 4)).toBe(3);
  });
});
