// Every message key the server code throws has a text: an unknown key would reach the user as
// the raw key instead of a sentence in their language.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from './messages.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'generated' ? [] : sources(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

describe('server message keys in use', () => {
  const used = sources(serverDir).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [
      ...[...text.matchAll(/new AppError\([^,]+,\s*'([^']+)'/g)].map((m) => m[1]!),
      ...[...text.matchAll(/fieldError\([^,]+,\s*'([^']+)'/g)].map((m) => `rule.${m[1]!}`),
    ].map((key) => ({ key, file: path.relative(serverDir, file) }));
  });

  it('finds the keys thrown across the server', () => {
    expect(used.length).toBeGreaterThan(30);
  });

  it.each(Object.keys(catalogues))('has a %s text for each of them', (lang) => {
    expect(used.filter(({ key }) => !catalogues[lang]![key]).map(({ key, file }) => `${key} (${file})`)).toEqual([]);
  });
});
