import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One runner for every suite. The server's tests are split by whether they need a database:
 * - `server-unit`: `packages/server/src/**\/*.test.ts`, beside the code, run once. They start no test
 *   server (test/support/server.ts refuses to), at most an in-memory SQLite of their own.
 * - `server-sqlite` / `server-postgres`: `packages/server/test/**\/*.test.ts`, the API tests against the
 *   real server, run once per database (PostgreSQL when DATABASE_URL is set, as .ci/run does).
 *   Each worker imports the server once for all its files (`isolate: false`); each test server starts
 *   from a copy of the run's migrated and seeded database (sqlite-template.ts, postgres-template.ts).
 *
 * `npm test` runs the browser suite (e2e) in a Vitest run of its own after the rest (scripts/test.ts);
 * `npx vitest run` alone runs everything here, the browser suite last.
 *
 * Workers: Vitest's default is one less than the cores, one on the 2-core CI machine. Files mostly
 * wait — server files on their database and child servers, browser files on the page — so three run
 * side by side even there: on 2026-11-29 (2 cores, quiet) the database and web suites took 493 s
 * with three against 608 s with two, the browser suite 465 s against 563 s (docs/decisions/testing.md).
 */
const WORKERS = Math.max(3, availableParallelism() - 1);
const serverSuite = (database: 'sqlite' | 'postgres') => ({
  test: {
    name: `server-${database}`,
    root: 'packages/server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup: [database === 'postgres' ? 'test/support/postgres-template.ts' : 'test/support/sqlite-template.ts'],
    isolate: false,
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
      {
        test: {
          name: 'server-unit',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'none' },
          testTimeout: 30_000,
        },
      },
      serverSuite('sqlite'),
      ...(process.env.DATABASE_URL ? [serverSuite('postgres')] : []),
      'packages/web',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          environment: 'node',
          globalSetup: ['../packages/server/test/support/sqlite-template.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page waited on for 5 s, not Vitest's 1 s: the browser files share the cores with the other suites.
          expect: { poll: { timeout: 5_000 } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
