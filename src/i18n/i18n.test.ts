// The web catalogues: every language file holds exactly en.json's keys with the same placeholders,
// and every key the app asks for exists (literal t() calls, resource titles, field titles, enum
// labels, roles and menu titles).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { stripZeroWidth } from './languages';
import { roleSeeds } from '../../server/db/seed/roles';
import { menuSeeds } from '../../server/db/seed/menus';

const root = process.cwd();

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [key, leaf] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(key, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const enKeys = flatten(en);
const i18nDir = join(process.cwd(), 'src/i18n');
/** Every language file beside en.json, as it is stored (before loading strips zero-width characters). */
const languageFiles = readdirSync(i18nDir).filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((file) => ({ file, keys: flatten(JSON.parse(readFileSync(join(i18nDir, file), 'utf8'))) }));

/** The parts a translation must keep as they are: {{placeholders}} and <tags>, sorted. */
const tokens = (text: unknown) => (typeof text === 'string' ? text.match(/\{\{[^}]+\}\}|<\/?[\w-]+\s*\/?>/g) ?? [] : []).sort();

const missingIn = (keys: Iterable<string>) => [...keys].filter((k) => !enKeys.has(k));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface Descriptor {
  name: string;
  entity: string;
  list: { filters?: { label?: string }[] };
  create?: { resultDialog?: { fields: string[]; notice?: string } };
}
interface Entity { properties: Record<string, { title?: string; enum?: (string | number)[] }> }

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
const descriptorFiles = readdirSync(join(root, 'schemas/resources')).filter((f) => f.endsWith('.resource.json'));

describe('web catalogues', () => {
  it('has language files besides English', () => {
    expect(languageFiles.map((l) => l.file)).toContain('zh-CN.json');
  });

  it.each(languageFiles)('$file holds exactly the keys of en.json', ({ file, keys }) => {
    const missing = [...enKeys.keys()].filter((k) => !keys.has(k));
    const extra = [...keys.keys()].filter((k) => !enKeys.has(k));
    expect({ file, missing, extra }).toEqual({ file, missing: [], extra: [] });
  });

  it.each(languageFiles)('$file keeps the placeholders and tags of en.json per key', ({ file, keys }) => {
    const differing = [...enKeys].filter(([k, v]) => keys.has(k) && tokens(v).join() !== tokens(keys.get(k)).join())
      .map(([k, v]) => `${k}: en ${tokens(v).join(' ')} / ${tokens(keys.get(k)).join(' ')}`);
    expect({ file, differing }).toEqual({ file, differing: [] });
  });

  it('has no empty or non-string messages', () => {
    for (const { file, keys } of [{ file: 'en.json', keys: enKeys }, ...languageFiles]) {
      const bad = [...keys].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => `${file}:${k}`);
      expect(bad).toEqual([]);
    }
  });

  it('keeps no zero-width joiner, space or BOM in a loaded language', () => {
    expect(stripZeroWidth({ a: { b: 'Ti\u200Dếng\u200B Việt\uFEFF' }, c: ['x\u200D'] })).toEqual({ a: { b: 'Tiếng Việt' }, c: ['x'] });
    for (const { file } of languageFiles) {
      const loaded = flatten(stripZeroWidth(JSON.parse(readFileSync(join(i18nDir, file), 'utf8'))));
      const left = [...loaded].filter(([, v]) => /\u200B|\u200D|\uFEFF/.test(String(v))).map(([k]) => `${file}:${k}`);
      expect(left).toEqual([]);
    }
  });

  it('holds every literal key the app passes to t()', () => {
    const used = new Map<string, string>();
    const files = sourceFiles(join(root, 'src'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(['`]([a-zA-Z0-9_.]+)['`]/g)) used.set(match[1]!, relative(root, file));
    }
    expect(used.size).toBeGreaterThan(0);
    expect(missingIn(used.keys()).map((k) => `${k} (${used.get(k)})`)).toEqual([]);
  });
});

describe.each(descriptorFiles)('keys of resource %s', (file) => {
  const descriptor = readJson<Descriptor>(`schemas/resources/${file}`);
  const entity = readJson<Entity>(`schemas/entities/${descriptor.entity}.schema.json`);

  it('has the list, create, edit and show titles, and the name of one record', () => {
    expect(missingIn(['list', 'create', 'edit', 'show', 'one'].map((s) => `${descriptor.name}.titles.${s}`))).toEqual([]);
  });

  it('has every property title of its entity', () => {
    const titles = Object.entries(entity.properties).map(([field, p]) => p.title ?? `${descriptor.name}.fields.${field}`);
    expect(missingIn(titles)).toEqual([]);
  });

  it('has the labels of its filters and of its create result dialog', () => {
    const dialog = descriptor.create?.resultDialog;
    const keys = [
      ...(descriptor.list.filters ?? []).flatMap((f) => (f.label ? [f.label] : [])),
      ...(dialog ? [`${descriptor.name}.titles.created`, ...(dialog.notice ? [dialog.notice] : [])] : []),
      ...(dialog?.fields ?? []).map((field) => entity.properties[field]?.title ?? `${descriptor.name}.fields.${field}`),
    ];
    expect(missingIn(keys)).toEqual([]);
  });

  it('has a label for every enum value of its entity', () => {
    const keys = Object.entries(entity.properties).flatMap(([field, p]) => (p.enum ?? []).map((v) => `enums.${descriptor.entity}.${field}.${String(v)}`));
    expect(missingIn(keys)).toEqual([]);
  });
});

describe('seeded keys', () => {
  it('names every seeded role', () => {
    expect(roleSeeds.length).toBeGreaterThan(0);
    expect(missingIn(roleSeeds.map((r) => `roles.${r.roleKey}`))).toEqual([]);
  });

  it('titles every seeded menu entry', () => {
    expect(menuSeeds.length).toBeGreaterThan(0);
    expect(missingIn(menuSeeds.map((m) => m.titleKey))).toEqual([]);
  });
});
