import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
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
