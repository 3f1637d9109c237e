import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { STORED_FILE_CHUNK_BYTES, storedFileChunks, storedFiles } from '../../../db/schema/index.ts';
import { isStorableName, moveFile, type FileStore, type StoredFileEntry } from './file-store.ts';

/** The channel on which the database announces, at commit, the name of each stored file deleted. */
export const STORED_FILE_REMOVED_CHANNEL = 'stored_file_removed';

/** Pieces read per query when fetching a file: a few megabytes in memory at most. */
const CHUNKS_PER_READ = 4;

/**
 * Writes a file into the database in pieces of STORED_FILE_CHUNK_BYTES, inside `db` (a transaction when
 * the caller wants the file to arrive with other rows). A piece is sent as soon as it is full, so a long
 * video never sits in memory whole.
 */
export async function writeStoredFile(
  db: Database,
  name: string,
  sourcePath: string,
  contentType: string,
): Promise<number> {
  const { size } = await stat(sourcePath);
  await db.insert(storedFiles).values({ name, contentType, size });
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const send = async (bytes: Buffer) => {
    await db.insert(storedFileChunks).values({ name, seq, bytes });
    seq += 1;
  };
  for await (const chunk of createReadStream(sourcePath, { highWaterMark: STORED_FILE_CHUNK_BYTES })) {
    let data = chunk as Buffer;
    while (pendingBytes + data.length >= STORED_FILE_CHUNK_BYTES) {
      const take = STORED_FILE_CHUNK_BYTES - pendingBytes;
      await send(Buffer.concat([...pending, data.subarray(0, take)]));
      pending = [];
      pendingBytes = 0;
      data = data.subarray(take);
    }
    if (data.length) {
      pending.push(data);
      pendingBytes += data.length;
    }
  }
  if (pendingBytes) await send(Buffer.concat(pending));
  return size;
}

/**
 * Uploaded files kept in PostgreSQL, for several instances sharing one database: any instance serves
 * any file, and a file outlives the instance that received it. Each instance keeps copies of what it
 * served in a folder of its own (bounded by bytes, least recently used first out), so a popular photo
 * is read from the database once per instance, not once per visitor. A name's bytes never change, so a
 * copy is never stale; a deleted file is announced by the database and dropped by every instance.
 */
export class DatabaseStore implements FileStore {
  readonly kind = 'database';
  private readonly cached = new Map<string, { size: number; usedAt: number }>();
  private cachedBytes = 0;
  /** Counts uses, to know which copy was used least recently (clock milliseconds would tie). */
  private uses = 0;
  private readonly fetching = new Map<string, Promise<boolean>>();
  private scanned: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    readonly cacheFolder: string,
    private readonly maxCacheBytes = 1024 * 1024 * 1024,
  ) {}

  async save(name: string, sourcePath: string, contentType: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await writeStoredFile(tx, name, sourcePath, contentType);
    });
    // The instance that received a file is the likeliest to be asked for it next.
    await this.scan();
    try {
      const { size } = await stat(sourcePath);
      await mkdir(this.cacheFolder, { recursive: true });
      await moveFile(sourcePath, join(this.cacheFolder, name));
      this.remember(name, size);
      await this.evict();
    } catch {
      await rm(sourcePath, { force: true });
    }
  }

  async remove(name: string): Promise<void> {
    await this.db.delete(storedFiles).where(eq(storedFiles.name, name));
    await this.forget(name);
  }

  async localFolderOf(name: string): Promise<string | null> {
    if (!isStorableName(name)) return null;
    await this.scan();
    const copy = this.cached.get(name);
    if (copy) {
      copy.usedAt = ++this.uses;
      return this.cacheFolder;
    }
    let fetch = this.fetching.get(name);
    if (!fetch) {
      fetch = this.fetch(name).finally(() => this.fetching.delete(name));
      this.fetching.set(name, fetch);
    }
    return (await fetch) ? this.cacheFolder : null;
  }

  async list(): Promise<StoredFileEntry[]> {
    return this.db
      .select({ name: storedFiles.name, size: storedFiles.size })
      .from(storedFiles)
      .orderBy(asc(storedFiles.name));
  }

  async *read(name: string): AsyncIterable<Buffer> {
    for (let from = 0; ; from += CHUNKS_PER_READ) {
      const rows = await this.db
        .select({ bytes: storedFileChunks.bytes })
        .from(storedFileChunks)
        .where(
          and(
            eq(storedFileChunks.name, name),
            gte(storedFileChunks.seq, from),
            lte(storedFileChunks.seq, from + CHUNKS_PER_READ - 1),
          ),
        )
        .orderBy(asc(storedFileChunks.seq));
      for (const row of rows) yield Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      if (rows.length < CHUNKS_PER_READ) return;
    }
  }

  /** Drops this instance's copy of a file deleted elsewhere. */
  async forget(name: string): Promise<void> {
    const copy = this.cached.get(name);
    if (copy) {
      this.cached.delete(name);
      this.cachedBytes -= copy.size;
    }
    if (isStorableName(name)) await rm(join(this.cacheFolder, name), { force: true });
  }

  /** Drops every copy: deletions announced while this instance was not listening are unknown. */
  async forgetAll(): Promise<void> {
    this.cached.clear();
    this.cachedBytes = 0;
    this.scanned = Promise.resolve();
    // A copy being fetched meanwhile may write into the folder as it is emptied: its removal is tried again.
    await rm(this.cacheFolder, { recursive: true, force: true, maxRetries: 3 });
  }

  private async fetch(name: string): Promise<boolean> {
    try {
      return await this.fetchOnce(name);
    } catch (error) {
      // forgetAll empties the folder when the listening connection comes up, and may take the copy
      // being written with it: the copy is written once more into the folder made again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return this.fetchOnce(name);
    }
  }

  private async fetchOnce(name: string): Promise<boolean> {
    const [row] = await this.db
      .select({ size: storedFiles.size })
      .from(storedFiles)
      .where(eq(storedFiles.name, name));
    if (!row) return false;
    await mkdir(this.cacheFolder, { recursive: true });
    // Written under a dot name and renamed when complete, so nothing half-written is ever served.
    const partial = join(this.cacheFolder, `.${randomBytes(8).toString('hex')}-${name}`);
    const output = createWriteStream(partial);
    try {
      let written = 0;
      for await (const chunk of this.read(name)) {
        written += chunk.length;
        if (!output.write(chunk)) await once(output, 'drain');
      }
      output.end();
      await once(output, 'finish');
      if (written !== row.size)
        throw new Error(`stored file ${name} has ${written} of its ${row.size} bytes`);
      await moveFile(partial, join(this.cacheFolder, name));
    } catch (error) {
      output.destroy();
      await rm(partial, { force: true });
      throw error;
    }
    this.remember(name, row.size);
    await this.evict();
    return true;
  }

  private remember(name: string, size: number): void {
    const previous = this.cached.get(name);
    if (previous) this.cachedBytes -= previous.size;
    this.cached.set(name, { size, usedAt: ++this.uses });
    this.cachedBytes += size;
  }

  private async evict(): Promise<void> {
    if (this.cachedBytes <= this.maxCacheBytes) return;
    const oldestFirst = [...this.cached.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [name] of oldestFirst) {
      if (this.cachedBytes <= this.maxCacheBytes) break;
      await this.forget(name);
    }
  }

  /** Learns what the folder already holds from an earlier run, once. */
  private scan(): Promise<void> {
    this.scanned ??= (async () => {
      let names: string[];
      try {
        names = await readdir(this.cacheFolder);
      } catch {
        return;
      }
      const found: { name: string; size: number; atimeMs: number }[] = [];
      for (const name of names) {
        const path = join(this.cacheFolder, name);
        if (!isStorableName(name)) {
          await rm(path, { force: true, recursive: true });
          continue;
        }
        const { size, atimeMs } = await stat(path);
        found.push({ name, size, atimeMs });
      }
      for (const { name, size } of found.sort((a, b) => a.atimeMs - b.atimeMs)) this.remember(name, size);
    })();
    return this.scanned;
  }
}
