import { defineConfig } from 'vitest/config'

// The resilience suite (`npm run test:resilience`): a real listening server on PostgreSQL under load,
// with connections killed, SIGTERM mid-load, and a secrets sweep. One file at a time: each one loads
// the whole machine. DATABASE_URL is used when set (CI), else a database is created on the local server.
export default defineConfig({
  test: {
    include: ['tests/resilience/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/resilience/global-setup.ts'],
    setupFiles: ['tests/resilience/setup-env.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
})
