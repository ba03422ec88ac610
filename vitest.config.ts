import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One runner for every suite. The server's API tests run once per database: SQLite always,
 * PostgreSQL as well when DATABASE_URL is set (as .ci/run does).
 *
 * Vitest's default is one worker less than the cores: one worker on the 2-core CI machine, where
 * the whole run went file after file (35 minutes). Server files mostly wait on their database
 * (each has its own), so two run side by side even there. The browser tests come after the rest,
 * one file at a time, so that no page waits on the server suites for a core.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

const serverSuite = (database: 'sqlite' | 'postgres') => ({
  test: {
    name: `server-${database}`,
    root: 'packages/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: database },
    ...(database === 'postgres' ? { globalSetup: ['test/support/postgres-template.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    reporters: ['default', './scripts/vitest-summary.ts'],
    maxWorkers: WORKERS,
    projects: [
      { test: { name: 'schema', root: 'packages/schema', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'architecture', root: 'scripts', include: ['**/*.test.ts'], environment: 'node' } },
      serverSuite('sqlite'),
      ...(process.env.DATABASE_URL ? [serverSuite('postgres')] : []),
      'packages/web',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
