// A new embedded database starts as a copy of an empty one the build made, instead of PGlite's own
// initdb. To make a database folder, PGlite starts a second PostgreSQL beside the first, runs initdb in
// it and copies the result over as a tarball through the first one's memory: the server's first start
// on an empty data folder peaked at about 675 MB (VmHWM) and kept some 70 MB of that for as long as it
// ran, against 168 MB for a start on an existing folder; WebAssembly memory, once grown, is never given
// back. A folder copied with the file system's own calls costs the process nothing, and PGlite then
// opens it as it opens any existing database. The copy is the same folder initdb makes: made by the
// same PGlite with its default initdb settings. A copy made by another PGlite version is not used (the
// folder format may differ), nor is a missing one: PGlite's initdb then runs as before.
//
// The copy also holds the site's tables: the build applies the migrations to it. Applying them took a
// second of every first start (27 migrations, 1.1 to 1.2 s here), which the build now pays once. A
// folder copied from a build older than the migrations gets the rest applied at start, as any existing
// database does.
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pgliteCode, pgliteVersion } from '#pglite-code';
import { projectRoot } from '../src/server/project-root.ts';
import { migrationsFolder } from '../src/server/services/backup/schema-info.ts';

/** PostgreSQL's mark of a data folder that holds a database; without it PGlite runs initdb. */
const DATABASE_MARK = 'PG_VERSION';

/** Where the build keeps the empty database of the installed PGlite version. */
export function clusterTemplatePath(version = pgliteVersion()): string {
  return join(projectRoot, 'dist', 'pglite-cluster', version);
}

/**
 * Makes the database the build ships: PGlite's own initdb, as a new data folder would get it, with every
 * migration applied and no rows (the seed, with its admin, is each site's own).
 */
export async function makeClusterTemplate(path = clusterTemplatePath()): Promise<void> {
  const { PGlite, drizzle, migrate } = await import('./pglite-modules.ts');
  const partial = `${path}.partial`;
  rmSync(partial, { recursive: true, force: true });
  // PGlite creates its own folder but not the parents of it.
  mkdirSync(dirname(partial), { recursive: true });
  const client = new PGlite(partial, { pgliteWasmModule: await pgliteCode() });
  await migrate(drizzle(client), { migrationsFolder });
  await client.close();
  // Renamed once whole: a start never copies half a database.
  rmSync(path, { recursive: true, force: true });
  renameSync(partial, path);
}

/**
 * Copies the build's empty database into `dataDir` when the folder holds no database yet and a copy made
 * by this PGlite version exists; answers whether it did. PostgreSQL's mark is copied last, so a copy cut
 * short by a crash is a folder without a database, copied again at the next start.
 */
export function startFromClusterTemplate(dataDir: string, templatePath?: string): boolean {
  // An existing database first: every start but the first stops here, without reading PGlite's version.
  if (existsSync(join(dataDir, DATABASE_MARK))) return false;
  const path = templatePath ?? clusterTemplatePath();
  if (!existsSync(join(path, DATABASE_MARK))) return false;
  const mark = join(path, DATABASE_MARK);
  cpSync(path, dataDir, { recursive: true, force: true, filter: (source) => source !== mark });
  copyFileSync(mark, join(dataDir, DATABASE_MARK));
  return true;
}
