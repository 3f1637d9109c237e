import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCode, pgliteVersion } from '#pglite-code';
import { PGlite } from './pglite-modules.ts';
import { clusterTemplateFor, clusterTemplatePath, makeClusterTemplate } from './pglite-cluster.ts';
import { testDatabaseKind } from '../src/server/testing/test-database.ts';

describe.skipIf(testDatabaseKind !== 'pglite')('the empty embedded database the build ships', () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pglite-cluster-'));
    template = join(dir, 'template', `${pgliteVersion()}.tar.gz`);
    await makeClusterTemplate(template);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is kept under the installed PGlite version, which a copy of another version does not match', () => {
    expect(clusterTemplatePath()).toMatch(
      new RegExp(`${pgliteVersion().replaceAll('.', '\\.')}\\.tar\\.gz$`),
    );
    expect(clusterTemplatePath('0.0.1')).not.toBe(clusterTemplatePath());
    expect(clusterTemplateFor(join(dir, 'new'), join(dir, 'template', '0.0.1.tar.gz'))).toBeUndefined();
  });

  it('starts a new data folder that works, writes and resumes, and is never loaded over a database', async () => {
    const dataDir = join(dir, 'data');
    const copy = clusterTemplateFor(dataDir, template);
    expect(copy).toBeInstanceOf(Blob);
    const pgliteWasmModule = await pgliteCode();
    const first = new PGlite(dataDir, { pgliteWasmModule, loadDataDir: copy! });
    await first.exec('create table kept (word text); insert into kept values ($$written$$)');
    await first.close();
    expect(await readdir(dataDir)).toContain('PG_VERSION');
    // The folder now holds a database: the template is not offered again.
    expect(clusterTemplateFor(dataDir, template)).toBeUndefined();
    const again = new PGlite(dataDir, { pgliteWasmModule });
    await expect(again.query('select word from kept')).resolves.toMatchObject({
      rows: [{ word: 'written' }],
    });
    await again.close();
  });
});
