import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // Threads start faster than processes, and two of them keep both cores busy: the unit
          // files took 110 s so against 166 s with the default (measured on this machine).
          pool: 'threads',
          maxWorkers: 2,
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/fixtures/unit-setup.ts', 'src/i18n/unit-setup.ts'],
          sequence: { groupOrder: 1 },
          // Page tests render antd forms in jsdom: a few seconds each on a busy two-core machine,
          // past the default 5 s when the API files run beside them. Bounds, not measurements.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/fixtures/global-setup.ts'],
          environment: 'node',
          // Each file boots its own database; PGlite is CPU-bound, two cores run two files well.
          maxWorkers: 2,
          // Files build their own apps and databases and mock nothing, so a worker keeps the
          // modules it has loaded for its next file: loading the server anew cost each file 2-4 s.
          isolate: false,
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
