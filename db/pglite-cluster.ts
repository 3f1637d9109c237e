// A new embedded database starts from a copy of an empty one the build made, instead of PGlite's own
// initdb. To make a database folder, PGlite starts a second PostgreSQL beside the first, runs initdb in
// it and copies the result over as a tarball: the server's first start on an empty data folder peaked
// at about 650 MB of memory and took 3.5 s for that alone on this kind of machine, against 250 MB and
// under a second for loading the same folder from a tarball. The result is the same folder either way:
// made by the same PGlite, with its default initdb settings. A copy made by another PGlite version is
// not used (the folder format may differ), nor is a missing one: PGlite's initdb then runs as before.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pgliteCode, pgliteVersion } from '#pglite-code';
import { projectRoot } from '../src/server/project-root.ts';

/** Where the build keeps the empty database of the installed PGlite version. */
export function clusterTemplatePath(version = pgliteVersion()): string {
  return join(projectRoot, 'dist', 'pglite-cluster', `${version}.tar.gz`);
}

/** Makes the empty database the build ships: PGlite's own initdb, as a new data folder would get it. */
export async function makeClusterTemplate(path = clusterTemplatePath()): Promise<number> {
  const { PGlite } = await import('./pglite-modules.ts');
  const client = new PGlite({ pgliteWasmModule: await pgliteCode() });
  await client.waitReady;
  try {
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(dirname(path), { recursive: true });
    // Written beside and renamed: a start never reads half a file.
    writeFileSync(`${path}.partial`, tarball);
    renameSync(`${path}.partial`, path);
    return tarball.length;
  } finally {
    await client.close();
  }
}

/**
 * The empty database to start `dataDir` from: the build's copy when the folder holds no database yet and
 * a copy made by this PGlite version exists, and otherwise nothing (PGlite resumes the folder's database
 * or runs initdb).
 */
export function clusterTemplateFor(dataDir: string, path = clusterTemplatePath()): Blob | undefined {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}
