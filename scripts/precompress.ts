// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, so that the
// server answers each browser the smallest encoding it accepts without compressing on every
// request (server/plugins/web.ts serves them with @fastify/static's `preCompressed`). Compressing
// once at build time affords the strongest settings: brotli quality 11 and gzip level 9.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing; images and fonts other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than the extra round of headers costs. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : Promise.resolve([file]);
  }));
  return nested.flat();
}

export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(files.map(async (file) => {
    const content = await readFile(file);
    if (content.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += br.length;
    totals.gzipBytes += gz.length;
  }));
  return totals;
}

/** The Vite plugin: runs once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes, gzipBytes } = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
      console.log(`precompressed ${files} files: ${kb(bytes)} -> brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`);
    },
  };
}
