// https://vitest.dev/guide/projects : one run covers unit and integration (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set) and the browser tests.
import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const serverTestFolders = ['src', 'db', 'scripts', 'renderer'];
const serverTests = serverTestFolders.map((folder) => `${folder}/**/*.test.ts`);
// A file that replaces a module for its whole process (`vi.mock`) or checks what its own process has
// loaded runs in a process of its own. The others share their worker's process and the modules it has
// already imported: importing the app again for each file cost 2 to 4 s a file on two slow cores.
const ownProcessTests = serverTestFolders.map((folder) => `${folder}/**/*.own-process.test.ts`);
// A test fails on console.error or console.warn it did not announce with allowConsole().
const serverSetupFiles = ['src/server/testing/fail-on-console.ts'];

/**
 * The server test files whose database TEST_DB chooses: they open the test database (directly or
 * through the test app or its uploads) or ask which one it is. The others would run the same code again
 * on PostgreSQL.
 */
function filesOnTheTestDatabase(): string[] {
  const usesTheTestDatabase = /testing\/(test-database|test-app|uploads)\.ts|TEST_DB\b|TEST_DATABASE_URL/;
  return serverTestFolders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `${folder}/${file}`)
      .filter((path) => usesTheTestDatabase.test(readFileSync(path, 'utf8'))),
  );
}

/** The server tests on one database: the shared-process files, and those that need their own. */
function serverProjects(database: 'pglite' | 'postgres'): TestProjectInlineConfiguration[] {
  const onTheDatabase = database === 'postgres' ? filesOnTheTestDatabase() : undefined;
  const ownProcess =
    onTheDatabase?.filter((path) => path.endsWith('.own-process.test.ts')) ?? ownProcessTests;
  const common = {
    setupFiles: serverSetupFiles,
    environment: 'node',
    env: { TEST_DB: database },
    // Each worker has a database of its own on that server (testing/test-database.ts).
    ...(database === 'postgres' && { globalSetup: ['src/server/testing/postgres-test-databases.ts'] }),
    // A global a file stubs must not reach the next file in the same process.
    unstubGlobals: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  } satisfies TestProjectInlineConfiguration['test'];
  return [
    {
      test: {
        ...common,
        name: database,
        include: onTheDatabase ?? serverTests,
        exclude: ownProcessTests,
        isolate: false,
      },
    },
    { test: { ...common, name: `${database}-own-process`, include: ownProcess } },
  ];
}

const projects: TestProjectInlineConfiguration[] = [
  ...serverProjects('pglite'),
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

if (process.env.TEST_DATABASE_URL) projects.splice(2, 0, ...serverProjects('postgres'));

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
