import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { checkedDescriptors } from './server/resources/check.ts';

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

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), noG2LabelWorker, resourceDescriptors],
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
