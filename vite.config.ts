import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { checkedDescriptors } from './server/resources/check.ts';
import { tsImport } from 'tsx/esm/api';
import { precompress } from './scripts/precompress.ts';

/**
 * G2 (under @antv/g2plot) starts a Web Worker from a blob: URL for its label layout when it loads.
 * The page's Content-Security-Policy admits no blob: worker, so every chart page would log a
 * violation. Without a worker G2 lays labels out on the main thread (its own fallback), so the
 * module that creates one is replaced by one that creates none.
 */
const noG2LabelWorker: Plugin = {
  name: 'no-g2-label-worker',
  enforce: 'pre',
  load(id) {
    if (/[\\/]@antv[\\/]g2[\\/]esm[\\/]geometry[\\/]label[\\/]util[\\/]createWorker\.js$/.test(id)) return 'export function createWorker() { return undefined; }';
    return null;
  },
};

/**
 * A broken resource descriptor stops the build with the checker's messages, naming file and path,
 * and nothing else (an error thrown here would print the bundler's stack trace below them).
 */
const resourceDescriptors: Plugin = {
  name: 'resource-descriptors',
  buildStart() {
    const problems = checkedDescriptors();
    if (!problems) return;
    console.error(problems);
    process.exit(1);
  },
};

/**
 * The generated forms validate with functions compiled here, not in the browser (the page's
 * Content-Security-Policy has no 'unsafe-eval'): the build and the dev server refresh the module
 * `npm run gen` writes (scripts/form-validators.ts), and the dev server again whenever a
 * descriptor or an entity schema changes.
 */
const formValidators: Plugin = {
  name: 'form-validators',
  async buildStart() {
    await refreshFormValidators();
  },
  configureServer(server) {
    server.watcher.on('change', (file) => {
      if (!/[\\/]schemas[\\/](resources|entities)[\\/][^\\/]+\.json$/.test(file)) return;
      // A schema half-way through an edit keeps the last good module; the check names what is wrong.
      refreshFormValidators().catch((error: Error) => server.config.logger.error(`form validators not refreshed: ${error.message}`));
    });
  },
};

type Generator = typeof import('./scripts/form-validators.ts');
let generator: Promise<Generator> | undefined;

async function refreshFormValidators() {
  // Through tsx, not this config's bundle: the web code it renders the forms with imports by the
  // `@/` alias of tsconfig.json, which only tsx resolves outside Vite's own pipeline.
  generator ??= tsImport('./scripts/form-validators.ts', import.meta.url) as Promise<Generator>;
  const { FORM_VALIDATORS_FILE, formValidatorsModule } = await generator;
  const root = fileURLToPath(new URL('.', import.meta.url));
  const file = join(root, FORM_VALIDATORS_FILE);
  const code = formValidatorsModule(root);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== code) writeFileSync(file, code);
}

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), noG2LabelWorker, resourceDescriptors, formValidators, precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The server replaces this with a fresh nonce in every answer of index.html (server/plugins/web.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  server: { port: 5173, proxy: { '/dev-api': { target: apiTarget, changeOrigin: false } } },
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
