import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCode, pgliteVersion } from '#pglite-code';
import { PGlite } from './pglite-modules.ts';
import { clusterTemplatePath, makeClusterTemplate, startFromClusterTemplate } from './pglite-cluster.ts';
import { testDatabaseKind } from '../src/server/testing/test-database.ts';
import { knownMigrations } from '../src/server/services/backup/schema-info.ts';

describe.skipIf(testDatabaseKind !== 'pglite')('the empty embedded database the build ships', () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pglite-cluster-'));
    template = join(dir, 'template', pgliteVersion());
    await makeClusterTemplate(template);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is kept under the installed PGlite version; another version has none', async () => {
    expect(clusterTemplatePath()).toMatch(new RegExp(`/${pgliteVersion().replaceAll('.', '\\.')}$`));
    const dataDir = join(dir, 'other-version');
    expect(startFromClusterTemplate(dataDir, join(dir, 'template', '0.0.1'))).toBe(false);
    await expect(readdir(dataDir)).rejects.toThrow();
  });

  it('starts a new data folder that works, writes and resumes, and is never copied over a database', async () => {
    const dataDir = join(dir, 'data');
    expect(startFromClusterTemplate(dataDir, template)).toBe(true);
    const pgliteWasmModule = await pgliteCode();
    const first = new PGlite(dataDir, { pgliteWasmModule });
    await first.exec('create table kept (word text); insert into kept values ($$written$$)');
    await first.close();
    expect(startFromClusterTemplate(dataDir, template)).toBe(false);
    const again = new PGlite(dataDir, { pgliteWasmModule });
    await expect(again.query('select word from kept')).resolves.toMatchObject({
      rows: [{ word: 'written' }],
    });
    await again.close();
  });

  it("holds every migration already, so a new folder's start applies none", async () => {
    const dataDir = join(dir, 'migrated');
    expect(startFromClusterTemplate(dataDir, template)).toBe(true);
    const client = new PGlite(dataDir, { pgliteWasmModule: await pgliteCode() });
    const applied = await client.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by created_at',
    );
    expect(applied.rows.map((row) => row.hash)).toEqual(knownMigrations().map((step) => step.hash));
    // Tables, not rows: the seed and its admin are each site's own.
    await expect(client.query('select count(*)::int as users from users')).resolves.toMatchObject({
      rows: [{ users: 0 }],
    });
    await client.close();
  });

  it('copies again into a folder a crash left without a database', async () => {
    const dataDir = join(dir, 'cut-short');
    await mkdir(join(dataDir, 'base'), { recursive: true });
    await writeFile(join(dataDir, 'base', 'half-written'), 'x');
    expect(startFromClusterTemplate(dataDir, template)).toBe(true);
    const client = new PGlite(dataDir, { pgliteWasmModule: await pgliteCode() });
    await expect(client.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    await client.close();
  });
});
