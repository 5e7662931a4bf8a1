import { defineConfig } from 'vitest/config';

// Three projects so `npm test` can report them together: pure unit tests, server tests on real
// PostgreSQL + PGlite, and browser end-to-end tests against a built, running server.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one file at a time; server test files mostly wait on
    // PostgreSQL, spawned servers and password hashing, so two at once overlap those waits. (e2e keeps
    // one file at a time: its SwiftShader browsers need both cores.)
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // Generous but bounded: a busy 2-core machine can take a minute to start a server process.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
