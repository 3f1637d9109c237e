import { join } from 'node:path';
import type { Database, DatabaseHandle } from '../../../db/client.ts';
import { storedFiles } from '../../../db/schema/index.ts';
import type { AppConfig } from '../env.ts';
import type { Logger } from '../logger.ts';
import { DatabaseStore, STORED_FILE_REMOVED_CHANNEL, writeStoredFile } from './database-store.ts';
import { contentTypeOf, FolderStore, isStorableName, type FileStore } from './file-store.ts';

/** The store the configuration names: the uploads folder, or the database with a copy folder inside it. */
export function fileStoreFor(
  config: Pick<AppConfig, 'uploadStorage' | 'uploadsDir' | 'uploadCacheBytes'>,
  db: Database,
): FileStore {
  return config.uploadStorage === 'database'
    ? new DatabaseStore(db, join(config.uploadsDir, '.database-copies'), config.uploadCacheBytes)
    : new FolderStore(config.uploadsDir);
}

/**
 * Copies into the database every file of the uploads folder it does not hold yet: what a site that kept
 * its uploads on disk brings along when it moves to storing them in the database. Runs at each start
 * and is safe to repeat; the folder is left as it was.
 */
export async function importUploadsFolder(db: Database, folder: string): Promise<number> {
  let imported = 0;
  const held = new Set(
    (await db.select({ name: storedFiles.name }).from(storedFiles)).map((row) => row.name),
  );
  for (const { name } of await new FolderStore(folder).list()) {
    if (!isStorableName(name) || held.has(name)) continue;
    await db.transaction(async (tx) => {
      await writeStoredFile(tx, name, join(folder, name), contentTypeOf(name));
    });
    imported += 1;
  }
  return imported;
}

/**
 * Keeps this instance's copies in step with the database: a file deleted anywhere is dropped here, and
 * every copy is dropped whenever the listening connection (re)connects, since deletions announced while
 * it was away are lost. A copy that could not be dropped is logged: nothing waits for these, and a
 * failure left unhandled would stop the server. Resolves to a function that stops listening.
 */
export function followRemovedFiles(
  database: Pick<DatabaseHandle, 'listen'>,
  store: DatabaseStore,
  log: Pick<Logger, 'warn'>,
): Promise<() => Promise<void>> {
  const dropFailed = (error: unknown) =>
    log.warn({ err: error }, 'dropping the copies of deleted uploads failed');
  return database.listen(
    STORED_FILE_REMOVED_CHANNEL,
    (name) => void store.forget(name).catch(dropFailed),
    () => void store.forgetAll().catch(dropFailed),
  );
}
