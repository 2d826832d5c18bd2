// Which database template a fresh data directory starts from: the one made with today's
// migrations, or else with the longest earlier prefix of them, never one whose migrations changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTemplate, migrationHashes } from './pglite-template.ts';

const base = mkdtempSync(path.join(tmpdir(), 'portal-template-test-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function migrations(name: string, files: Record<string, string>): string {
  const folder = path.join(base, name);
  mkdirSync(folder, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(folder, file), text);
  return folder;
}

/** A template folder holding complete directories (with PG_VERSION) or tarballs of the given hashes. */
function templates(name: string, entries: { hash: string; kind: 'dir' | 'tarball' | 'partial dir' }[]): string {
  const folder = path.join(base, name);
  mkdirSync(folder, { recursive: true });
  for (const { hash, kind } of entries) {
    if (kind === 'tarball') writeFileSync(path.join(folder, `pglite-template-${hash}.tar.gz`), '');
    else {
      mkdirSync(path.join(folder, `pglite-template-${hash}`, 'base'), { recursive: true });
      if (kind === 'dir') writeFileSync(path.join(folder, `pglite-template-${hash}`, 'PG_VERSION'), '17\n');
    }
  }
  return folder;
}

describe('database template', () => {
  const two = migrationHashes(migrations('two', { '0000_a.sql': 'create table a ();', '0001_b.sql': 'create table b ();' }));
  const three = migrationHashes(migrations('three', { '0000_a.sql': 'create table a ();', '0001_b.sql': 'create table b ();', '0002_c.sql': 'create table c ();' }));
  const edited = migrationHashes(migrations('edited', { '0000_a.sql': 'create table a (id int);', '0001_b.sql': 'create table b ();', '0002_c.sql': 'create table c ();' }));

  it('names each prefix of the migrations as the whole list was named when it ended there', () => {
    expect(three).toHaveLength(3);
    expect(three.slice(0, 2)).toEqual(two);
    expect(new Set(three).size).toBe(3);
    // An earlier migration edited renames every prefix from there on.
    expect(edited.some((hash) => three.includes(hash))).toBe(false);
  });

  it('takes the template of the current migrations, else the longest earlier prefix that has one', () => {
    expect(findTemplate(templates('exact', [{ hash: three[0]!, kind: 'dir' }, { hash: three[2]!, kind: 'dir' }]), 'dir', three))
      .toMatch(new RegExp(`pglite-template-${three[2]}$`));
    expect(findTemplate(templates('prefix', [{ hash: three[0]!, kind: 'dir' }, { hash: three[1]!, kind: 'dir' }]), 'dir', three))
      .toMatch(new RegExp(`pglite-template-${three[1]}$`));
    expect(findTemplate(templates('tarball', [{ hash: three[1]!, kind: 'tarball' }]), 'tarball', three))
      .toMatch(new RegExp(`pglite-template-${three[1]}\\.tar\\.gz$`));
  });

  it('ignores a directory not yet complete, a template of changed migrations, and a missing folder', () => {
    expect(findTemplate(templates('partial', [{ hash: three[2]!, kind: 'partial dir' }, { hash: three[0]!, kind: 'dir' }]), 'dir', three))
      .toMatch(new RegExp(`pglite-template-${three[0]}$`));
    expect(findTemplate(templates('changed', [{ hash: three[2]!, kind: 'dir' }, { hash: three[2]!, kind: 'tarball' }]), 'dir', edited)).toBeUndefined();
    expect(findTemplate(templates('only-tarball', [{ hash: three[2]!, kind: 'tarball' }]), 'dir', three)).toBeUndefined();
    expect(findTemplate(path.join(base, 'nowhere'), 'dir', three)).toBeUndefined();
  });
});
