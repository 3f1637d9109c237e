// https://vitest.dev/guide/projects : one run covers unit and integration (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set) and the browser tests.
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['src/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.ts'];
// A test fails on console.error or console.warn it did not announce with allowConsole().
const serverSetupFiles = ['src/server/testing/fail-on-console.ts'];

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'pglite',
      include: serverTests,
      setupFiles: serverSetupFiles,
      environment: 'node',
      env: { TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    test: {
      name: 'e2e',
      include: ['e2e/**/*.test.ts'],
      exclude: ['e2e/instances/**'],
      environment: 'node',
      globalSetup: ['e2e/global-setup.ts'],
      // Browser files run one after another, each with its own server, database and browser: two at once
      // on two cores slowed the others more than they gained.
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.splice(1, 0, {
    test: {
      name: 'postgres',
      include: serverTests,
      setupFiles: serverSetupFiles,
      environment: 'node',
      env: { TEST_DB: 'postgres' },
      // Each worker has a database of its own on that server (testing/test-database.ts).
      globalSetup: ['src/server/testing/postgres-test-databases.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

// Several server processes on one PostgreSQL database: only where there is a server to share.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'instances',
      include: ['e2e/instances/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['e2e/global-setup.ts'],
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
}

export default defineConfig({
  // Two server test files at a time on two cores (vitest's default is one fewer than the cores): much
  // of a file's time is spent waiting for PostgreSQL or a child process.
  test: { projects, maxWorkers: 2 },
});
