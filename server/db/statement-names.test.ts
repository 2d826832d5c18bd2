import { describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS, nameStatements } from './client.ts';

/** A pooled connection that records what it was asked to run. */
function recorder() {
  const sent: unknown[] = [];
  const client = { query: (config: unknown, ..._values: unknown[]) => { sent.push(config); return Promise.resolve(); } };
  return { client, sent };
}

describe('nameStatements', () => {
  it('names parameterised reads and writes by their text, and leaves the rest as they are', async () => {
    const { client, sent } = recorder();
    nameStatements(client, new Map());
    await client.query({ text: 'select 1 where $1::int = 1', values: [1] } as never);
    await client.query({ text: 'select 1 where $1::int = 1', values: [2] } as never);
    await client.query({ text: 'with x as (select $1::int) select * from x' } as never, [3] as never);
    await client.query({ text: 'create table t (id int)', values: [] } as never);
    await client.query('begin' as never);
    await client.query({ name: 'claim', text: 'insert into n values ($1)', values: [1] } as never);
    const names = sent.map((c) => (typeof c === 'object' ? (c as { name?: string }).name : c));
    expect(names[0]).toMatch(/^s_[0-9a-f]{20}$/);
    expect(names[1]).toBe(names[0]);
    expect(names[2]).toMatch(/^s_/);
    expect(names[2]).not.toBe(names[0]);
    expect(names.slice(3)).toEqual([undefined, 'begin', 'claim']);
  });

  it('keeps no name at all when naming is off, not even one the caller gave', async () => {
    const { client, sent } = recorder();
    nameStatements(client, undefined);
    await client.query({ name: 'claim', text: 'insert into n values ($1)', values: [1] } as never);
    await client.query({ text: 'select 1 where $1::int = 1', values: [1] } as never);
    await client.query('begin' as never);
    expect(sent).toEqual([{ text: 'insert into n values ($1)', values: [1] }, { text: 'select 1 where $1::int = 1', values: [1] }, 'begin']);
  });

  it('names no more than MAX_NAMED_STATEMENTS texts, so that connections hold a bounded number', async () => {
    const { client, sent } = recorder();
    nameStatements(client, new Map());
    for (let i = 0; i <= MAX_NAMED_STATEMENTS; i++) await client.query({ text: `select ${i} where $1::int = 1`, values: [1] } as never);
    await client.query({ text: 'select 0 where $1::int = 1', values: [1] } as never);
    const names = sent.map((c) => (c as { name?: string }).name);
    expect(names[MAX_NAMED_STATEMENTS - 1]).toMatch(/^s_/);
    expect(names[MAX_NAMED_STATEMENTS]).toBeUndefined();
    expect(names.at(-1)).toBe(names[0]);
  });
});
