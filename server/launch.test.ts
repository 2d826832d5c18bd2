// The server bundle `npm start` runs (launch.mjs): used again while its inputs are as they were,
// made again when one changes, and its modules keep their own import.meta.
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_FORMAT, bundleOf, esbuildVersion, isFresh, readManifest } from './launch.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'portal-launch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = path.join(root, '.cache', 'server');
const entry = 'server/entry.ts';
const target = { root, entry, folder };
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** Moves a file's mtime on by a second, its contents unchanged. */
const touch = (file: string) => {
  const { mtime } = statSync(path.join(root, file));
  utimesSync(path.join(root, file), mtime, new Date(mtime.getTime() + 1000));
};

write(entry, "import { where, size } from './lib/where.ts';\nexport const here = where;\nexport const answer: number = size;\n");
write('server/lib/where.ts', "import data from './data.json';\nexport const where = { url: import.meta.url, dirname: import.meta.dirname, filename: import.meta.filename };\nexport const size = data.size;\n");
write('server/lib/data.json', '{ "size": 1 }');
write('server/unused.ts', 'export const unused = 1;\n');

describe('server bundle', () => {
  it('is made once, then used while none of its inputs changes', async () => {
    expect((await bundleOf(target)).built).toBe(true);
    expect((await bundleOf(target)).built).toBe(false);
    expect(Object.keys(readManifest(folder)!.inputs).sort()).toEqual(['server/entry.ts', 'server/lib/data.json', 'server/lib/where.ts']);
    // A file nothing imports is no input.
    touch('server/unused.ts');
    expect((await bundleOf(target)).built).toBe(false);
  });

  it('is made again when an input is touched, edited or removed, a JSON file included', async () => {
    touch('server/lib/where.ts');
    expect((await bundleOf(target)).built).toBe(true);
    expect((await bundleOf(target)).built).toBe(false);

    const { mtime } = statSync(path.join(root, 'server/lib/data.json'));
    write('server/lib/data.json', '{ "size": 22 }');
    // The same mtime as before, a different size: still seen.
    utimesSync(path.join(root, 'server/lib/data.json'), mtime, mtime);
    expect((await bundleOf(target)).built).toBe(true);

    const manifest = readManifest(folder)!;
    rmSync(path.join(root, 'server/lib/data.json'));
    expect(isFresh(manifest, { ...target, esbuild: esbuildVersion() })).toBe(false);
    write('server/lib/data.json', '{ "size": 22 }');
  });

  it('is not used when made by other build options, another esbuild, in another checkout, or when its file is gone', async () => {
    await bundleOf(target);
    const manifest = readManifest(folder)!;
    const now = { ...target, esbuild: esbuildVersion() };
    expect(isFresh(manifest, now)).toBe(true);
    expect(isFresh(undefined, now)).toBe(false);
    expect(isFresh({ ...manifest, format: BUNDLE_FORMAT - 1 }, now)).toBe(false);
    expect(isFresh(manifest, { ...now, esbuild: '0.0.1' })).toBe(false);
    expect(isFresh(manifest, { ...now, root: path.join(root, 'elsewhere') })).toBe(false);
    expect(isFresh(manifest, { ...now, entry: 'server/other.ts' })).toBe(false);
    rmSync(path.join(folder, manifest.bundle));
    expect(isFresh(manifest, now)).toBe(false);
  });

  it("gives each module its own source's import.meta, and imports JSON", async () => {
    const { file } = await bundleOf(target);
    const bundled = (await import(pathToFileURL(file).href)) as { here: { url: string; dirname: string; filename: string }; answer: number };
    const source = path.join(root, 'server/lib/where.ts');
    expect(bundled.here).toEqual({ url: pathToFileURL(source).href, dirname: path.dirname(source), filename: source });
    expect(bundled.answer).toBe(22);
  });
});
