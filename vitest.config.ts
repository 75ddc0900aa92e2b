import os from 'node:os'
import { defineConfig } from 'vitest/config'

// Four groups: unit (pure shared rules), client (client hooks in jsdom), api (routers and REST on a real
// database, one fresh database per file), e2e (the built app in headless Chromium). `npm test` runs all four.
export default defineConfig({
  test: {
    // Files run side by side, each on its own database: vitest's default (one less than the cores) ran them
    // one at a time on a two-core machine, which the tests (mostly waiting on the database) did not need.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // Client hooks in jsdom, their server calls through tRPC's local link into the real routers on a real database.
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globalSetup: ['tests/helpers/global-setup-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A loaded CI machine renders slower than 1 s, expect.poll's own default; the wait ends as soon as it holds.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A raw socket's request reaches its route after its admission (a token check on the database),
          // which a loaded machine can take past expect.poll's own 1 s default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: [
            'tests/helpers/global-setup-db.ts',
            'tests/helpers/global-setup-build.ts',
            'tests/helpers/global-setup-chromium.ts',
          ],
          setupFiles: ['tests/helpers/e2e-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000 } },
          // Each browser test file drives one Chromium; two cores run two of them well. Browser tests run
          // after unit and api (a later group), so they do not compete for the cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
