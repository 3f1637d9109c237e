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
      // Two cores: browser files run one after another, each with its own server and database.
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
      // One database server schema: files take turns.
      fileParallelism: false,
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
  test: { projects },
});
