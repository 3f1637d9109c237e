// One archive holds the whole site: every table's rows as JSON lines, every uploaded file, and a manifest
// with the schema version, row counts and a SHA-256 of each part. The format is a gzipped POSIX tar
// file, so `tar -tzf site.backup` lists it; rows are JSON, so any PostgreSQL (embedded or server) can
// load them.
import { rowsOf } from '../../../../db/rows.ts';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { Readable, Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import {
  contentTypeOf,
  FolderStore,
  type FileStore,
  type StoredFileEntry,
} from '../../storage/file-store.ts';
import { writeStoredFile } from '../../storage/database-store.ts';
import { readTar, TAR_END, tarEntry, TarEntrySizeError, TarFormatError } from './tar.ts';
import {
  applyMigrations,
  knownMigrations,
  RUNTIME_TABLES,
  schemaVersionOf,
  tablesInForeignKeyOrder,
  type SchemaVersion,
} from './schema-info.ts';

/** The first entry of every archive: tells our archives from any other tar.gz. */
const FORMAT_ENTRY = 'FORMAT';
const FORMAT_NAME = 'plumbing-site-backup';
/**
 * Archives written before the product served any company carried the first company's name before
 * FORMAT_NAME; they are the same format and load alike.
 */
const FORMAT_NAME_PATTERN = /^(?:[a-z]+-)?plumbing-site-backup$/;
export const FORMAT_VERSION = 1;
const MANIFEST_ENTRY = 'manifest.json';

export interface PartInfo {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: string;
  formatVersion: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  schema: SchemaVersion;
  /** In foreign-key order: rows load in this order. */
  tables: (PartInfo & { name: string; rows: number })[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  files: PartInfo[];
}

export interface Progress {
  phase: 'tables' | 'files' | 'verify' | 'load';
  done: number;
  total: number;
  /** What is being worked on, for the message. */
  item?: string;
}

export interface BackupSummary {
  manifest: Manifest;
  archiveBytes: number;
  rows: number;
  fileBytes: number;
  ms: number;
}

/** A refused archive: the message says why, in words for the person who ran the command. */
export class BackupArchiveError extends Error {}

const sha256 = () => createHash('sha256');

/** One table's rows, spooled to a file as JSON lines, with what the manifest says of them. */
interface TableDump extends PartInfo {
  name: string;
  rows: number;
  file: string;
}

/** About how much JSON one FETCH brings, however wide a table's rows are. */
const FETCH_TARGET_BYTES = 4 * 1024 * 1024;
const FETCH_FIRST_ROWS = 256;
const FETCH_MAX_ROWS = 8192;

/** Rows to ask for next, from the width of the rows so far: wide rows (long posts) come a few at a time. */
function rowsPerFetch(bytesPerRow: number): number {
  return Math.floor(Math.min(FETCH_MAX_ROWS, Math.max(1, FETCH_TARGET_BYTES / bytesPerRow)));
}

/**
 * Writes one table's rows, in primary key order, to `file` through a cursor, a batch of a few megabytes
 * at a time, so no table is ever held in memory whole; counts, measures and hashes them on the way.
 */
async function spoolTable(
  tx: Database,
  table: ReturnType<typeof tablesInForeignKeyOrder>[number],
  file: string,
): Promise<TableDump> {
  const order = table.primaryKey.length
    ? sql.raw(` order by ${table.primaryKey.map((column) => `t."${column}"`).join(', ')}`)
    : sql.raw('');
  const hash = sha256();
  const output = createWriteStream(file);
  let rows = 0;
  let bytes = 0;
  try {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as line from ${sql.identifier(table.name)} t${order}`,
    );
    let asked = FETCH_FIRST_ROWS;
    for (;;) {
      const lines = rowsOf<{ line: string }>(
        await tx.execute(sql.raw(`fetch forward ${asked} from backup_rows`)),
      ).map((row) => row.line);
      if (!lines.length) break;
      const chunk = Buffer.from(`${lines.join('\n')}\n`);
      hash.update(chunk);
      rows += lines.length;
      bytes += chunk.length;
      if (!output.write(chunk)) await once(output, 'drain');
      if (lines.length < asked) break;
      asked = rowsPerFetch(chunk.length / lines.length);
    }
    await tx.execute(sql`close backup_rows`);
    output.end();
    await finished(output);
  } catch (error) {
    output.destroy();
    throw error;
  }
  return {
    name: table.name,
    rows,
    path: `tables/${table.name}.jsonl`,
    bytes,
    sha256: hash.digest('hex'),
    file,
  };
}

/**
 * Rows, sequences and schema version read in one snapshot, so the parts agree with each other. The rows
 * are spooled to files in `spoolDir`, and the snapshot ends before the archive is written: a slow
 * download never keeps a transaction open (on the embedded database it would hold up every other query).
 */
async function snapshotDatabase(db: Database, spoolDir: string, onProgress: (progress: Progress) => void) {
  const tables = tablesInForeignKeyOrder();
  return db.transaction(
    async (tx) => {
      const schema = await schemaVersionOf(tx);
      // A database an older release left behind may lack tables added since; they have no rows to keep.
      const existing = new Set(
        rowsOf<{ name: string }>(
          await tx.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
        ).map((row) => row.name),
      );
      const present = tables.filter((candidate) => existing.has(candidate.name));
      const dumps: TableDump[] = [];
      for (const [index, table] of present.entries()) {
        onProgress({ phase: 'tables', done: index, total: present.length, item: table.name });
        dumps.push(await spoolTable(tx, table, join(spoolDir, `${table.name}.jsonl`)));
      }
      onProgress({ phase: 'tables', done: present.length, total: present.length });
      const sequences = [];
      const owned = rowsOf<{ sequence: string; owner: string | null }>(
        await tx.execute(sql`
          select s.relname as sequence, t.relname as owner
          from pg_class s
          join pg_namespace n on n.oid = s.relnamespace
          left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
          left join pg_class t on t.oid = d.refobjid
          where s.relkind = 'S' and n.nspname = 'public'
          order by s.relname`),
      );
      for (const { sequence, owner } of owned) {
        if (owner && RUNTIME_TABLES.has(owner)) continue;
        const [value] = rowsOf<{ last_value: string; is_called: boolean }>(
          await tx.execute(
            sql`select last_value::text as last_value, is_called from ${sql.identifier(sequence)}`,
          ),
        );
        sequences.push({ name: sequence, lastValue: value!.last_value, isCalled: value!.is_called });
      }
      return { schema, dumps, sequences };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The bytes of one stored file, hashed on the way, or null for a file deleted since the list was made
 * (gone from the folder, or no bytes left in the database). Closing the result early (a download cut
 * off) closes the store's reader too.
 */
async function openStoredFile(
  store: FileStore,
  { name, size }: StoredFileEntry,
  hash: ReturnType<typeof sha256>,
): Promise<AsyncGenerator<Buffer> | null> {
  const bytes = store.read(name)[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await bytes.next();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (first.done && size > 0) return null;
  return (async function* () {
    try {
      for (let next = first; !next.done; next = await bytes.next()) {
        hash.update(next.value);
        yield next.value;
      }
    } finally {
      await bytes.return?.();
    }
  })();
}

/**
 * Writes the whole site as one archive to `output` (a file or an HTTP response), streamed: rows go
 * through a spool file per table, uploaded files straight from their store, so memory stays flat however
 * large the site. Rows are read in one snapshot; uploaded files are read after it, a file deleted
 * meanwhile is left out.
 */
export async function writeBackup(
  db: Database,
  databaseKind: 'pglite' | 'postgres',
  store: FileStore,
  output: Writable,
  onProgress: (progress: Progress) => void = () => {},
): Promise<BackupSummary> {
  const started = performance.now();
  const spoolDir = await mkdtemp(join(tmpdir(), 'backup-tables-'));
  try {
    const { schema, dumps, sequences } = await snapshotDatabase(db, spoolDir, onProgress);
    const files = await store.list();
    const manifest: Manifest = {
      format: FORMAT_NAME,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: databaseKind,
      schema,
      tables: dumps.map(({ name, rows, path, bytes, sha256: digest }) => ({
        name,
        rows,
        path,
        bytes,
        sha256: digest,
      })),
      sequences,
      files: [],
    };
    let fileBytes = 0;

    async function* entries(): AsyncGenerator<Buffer> {
      const format = Buffer.from(`${FORMAT_NAME} ${FORMAT_VERSION}\n`);
      yield* tarEntry(FORMAT_ENTRY, format.length, [format]);
      for (const dump of dumps) yield* tarEntry(dump.path, dump.bytes, createReadStream(dump.file));
      for (const [index, file] of files.entries()) {
        onProgress({ phase: 'files', done: index, total: files.length, item: file.name });
        const { size } = file;
        const path = `uploads/${file.name}`;
        const hash = sha256();
        const bytes = await openStoredFile(store, file, hash);
        if (!bytes) continue;
        try {
          yield* tarEntry(path, size, bytes);
        } catch (error) {
          if (error instanceof TarEntrySizeError)
            throw new Error(`${file.name} changed while it was being backed up`);
          throw error;
        }
        fileBytes += size;
        manifest.files.push({ path, bytes: size, sha256: hash.digest('hex') });
      }
      onProgress({ phase: 'files', done: files.length, total: files.length });
      const body = Buffer.from(JSON.stringify(manifest, null, 2));
      yield* tarEntry(MANIFEST_ENTRY, body.length, [body]);
      yield TAR_END;
    }

    let archiveBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        archiveBytes += chunk.length;
        done(null, chunk);
      },
    });
    // Photos and videos are compressed already; a light level keeps large media quick.
    await pipeline(Readable.from(entries()), createGzip({ level: 4 }), counter, output);
    return {
      manifest,
      archiveBytes,
      rows: manifest.tables.reduce((total, table) => total + table.rows, 0),
      fileBytes,
      ms: performance.now() - started,
    };
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}

/** An archive read, checked against its manifest, and unpacked to staging folders. */
export interface StagedArchive {
  manifest: Manifest;
  tablesDir: string;
  uploadsDir: string;
  discard(): Promise<void>;
}

function safeUploadPath(name: string): string {
  const relativePath = name.slice('uploads/'.length);
  const normal = posix.normalize(relativePath);
  if (!relativePath || normal !== relativePath || normal.startsWith('..') || posix.isAbsolute(normal))
    throw new BackupArchiveError(`The archive holds an unsafe path (${name}); it was not restored.`);
  return normal;
}

function describeReadFailure(error: unknown): BackupArchiveError {
  if (error instanceof BackupArchiveError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' && /header/i.test((error as Error).message))
    return new BackupArchiveError('This file is not a backup made by `npm run backup`.');
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || error instanceof TarFormatError)
    return new BackupArchiveError(
      `The archive is damaged or incomplete (${(error as Error).message}); nothing was changed.`,
    );
  return error as BackupArchiveError;
}

/**
 * Reads the whole archive into staging folders beside `uploadsDir` (so moving them in place is a rename)
 * and checks every part against the manifest. Nothing of the site is touched; on any failure the
 * staging folders are removed and a BackupArchiveError says what is wrong.
 */
export async function stageArchive(
  archivePath: string,
  uploadsDir: string,
  onProgress: (progress: Progress) => void = () => {},
): Promise<StagedArchive> {
  const tablesDir = await mkdtemp(join(tmpdir(), 'restore-tables-'));
  const stagedUploads = `${uploadsDir}.incoming-${randomBytes(4).toString('hex')}`;
  const discard = async () => {
    await rm(tablesDir, { recursive: true, force: true });
    await rm(stagedUploads, { recursive: true, force: true });
  };
  try {
    await mkdir(stagedUploads, { recursive: true });
    const total = (await stat(archivePath)).size;
    let read = 0;
    const source = createReadStream(archivePath).on('data', (chunk) => {
      read += chunk.length;
    });
    const gunzip = createGunzip();
    source.pipe(gunzip);
    source.on('error', (error) => gunzip.destroy(error));

    const seen = new Map<string, { bytes: number; sha256: string; lines: number }>();
    let manifestText = '';
    let first = true;
    let current: { name: string; hash: ReturnType<typeof sha256>; bytes: number; lines: number } | null =
      null;
    let sink: Writable | null = null;
    let lastReport = 0;
    for await (const event of readTar(gunzip)) {
      if (event.kind === 'entry') {
        if (first && event.name !== FORMAT_ENTRY)
          throw new BackupArchiveError('This file is not a backup made by `npm run backup`.');
        first = false;
        if (seen.has(event.name) || (event.name === MANIFEST_ENTRY && manifestText))
          throw new BackupArchiveError(`The archive holds ${event.name} twice; it was not restored.`);
        current = { name: event.name, hash: sha256(), bytes: 0, lines: 0 };
        if (event.name.startsWith('tables/')) {
          const table = event.name.slice('tables/'.length);
          if (!/^[a-z0-9_]+\.jsonl$/.test(table))
            throw new BackupArchiveError(`The archive holds an unexpected part (${event.name}).`);
          sink = createWriteStream(join(tablesDir, table));
        } else if (event.name.startsWith('uploads/')) {
          const target = join(stagedUploads, safeUploadPath(event.name));
          await mkdir(dirname(target), { recursive: true });
          sink = createWriteStream(target);
        } else if (event.name !== FORMAT_ENTRY && event.name !== MANIFEST_ENTRY) {
          throw new BackupArchiveError(`The archive holds an unexpected part (${event.name}).`);
        }
      } else if (event.kind === 'data') {
        current!.hash.update(event.chunk);
        current!.bytes += event.chunk.length;
        if (sink) {
          if (current!.name.startsWith('tables/')) current!.lines += countNewlines(event.chunk);
          if (!sink.write(event.chunk)) await new Promise((resolve) => sink!.once('drain', resolve));
        } else if (current!.name === MANIFEST_ENTRY || current!.name === FORMAT_ENTRY) {
          if (current!.bytes > 64 * 1024 * 1024)
            throw new BackupArchiveError('The archive manifest is implausibly large.');
          if (current!.name === MANIFEST_ENTRY) manifestText += event.chunk.toString('utf8');
          else if (!FORMAT_NAME_PATTERN.test(event.chunk.toString('utf8').split(' ')[0]!))
            throw new BackupArchiveError('This file is not a backup made by `npm run backup`.');
        }
        const now = performance.now();
        if (now - lastReport > 250) {
          lastReport = now;
          onProgress({ phase: 'verify', done: read, total, item: current!.name });
        }
      } else {
        if (sink) {
          const closing = sink;
          await new Promise<void>((resolve, reject) =>
            closing.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          sink = null;
        }
        seen.set(current!.name, {
          bytes: current!.bytes,
          sha256: current!.hash.digest('hex'),
          lines: current!.lines,
        });
        current = null;
      }
    }
    onProgress({ phase: 'verify', done: total, total });
    if (first) throw new BackupArchiveError('This file is not a backup made by `npm run backup`.');
    if (!manifestText)
      throw new BackupArchiveError('The archive is incomplete: it has no manifest; nothing was changed.');
    const manifest = parseManifest(manifestText);
    const expected = [...manifest.tables, ...manifest.files];
    for (const part of expected) {
      const found = seen.get(part.path);
      if (!found) throw new BackupArchiveError(`The archive is incomplete: ${part.path} is missing.`);
      if (found.bytes !== part.bytes || found.sha256 !== part.sha256)
        throw new BackupArchiveError(
          `The archive is damaged: ${part.path} does not match its checksum; nothing was changed.`,
        );
    }
    for (const table of manifest.tables) {
      if (seen.get(table.path)!.lines !== table.rows)
        throw new BackupArchiveError(
          `The archive is damaged: ${table.path} does not hold ${table.rows} rows.`,
        );
    }
    const listed = new Set(expected.map((part) => part.path));
    for (const name of seen.keys()) {
      if (name !== FORMAT_ENTRY && name !== MANIFEST_ENTRY && !listed.has(name))
        throw new BackupArchiveError(`The archive holds ${name}, which its manifest does not list.`);
    }
    return { manifest, tablesDir, uploadsDir: stagedUploads, discard };
  } catch (error) {
    await discard();
    throw describeReadFailure(error);
  }
}

function parseManifest(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupArchiveError('The archive manifest is damaged; nothing was changed.');
  }
  if (typeof manifest?.format !== 'string' || !FORMAT_NAME_PATTERN.test(manifest.format))
    throw new BackupArchiveError('This file is not a backup made by `npm run backup`.');
  if (manifest.formatVersion > FORMAT_VERSION)
    throw new BackupArchiveError(
      `The archive was written in format ${manifest.formatVersion} by a newer release; update the site first.`,
    );
  const wellFormed =
    Array.isArray(manifest.tables) &&
    Array.isArray(manifest.files) &&
    Array.isArray(manifest.sequences) &&
    typeof manifest.schema?.hash === 'string' &&
    manifest.tables.every(
      (table) => /^[a-z0-9_]+$/.test(table.name) && table.path === `tables/${table.name}.jsonl`,
    ) &&
    manifest.sequences.every(
      (sequence) => /^[a-z0-9_]+$/.test(sequence.name) && /^-?\d+$/.test(sequence.lastValue),
    );
  if (!wellFormed) throw new BackupArchiveError('The archive manifest is damaged; nothing was changed.');
  return manifest;
}

/** Where the archive's schema sits among the migrations this release knows; refuses one it cannot load. */
export function migrationIndexFor(manifest: Manifest): number {
  const known = knownMigrations();
  const index = known.findIndex((migration) => migration.hash === manifest.schema.hash);
  if (index !== -1) return index;
  const newest = known[known.length - 1]!;
  if (manifest.schema.appliedAt > newest.folderMillis)
    throw new BackupArchiveError(
      `The archive comes from a newer release (schema ${manifest.schema.migration}); update the site, then restore.`,
    );
  throw new BackupArchiveError(
    `The archive's schema version (${manifest.schema.migration}) is not one this release knows; it was not restored.`,
  );
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  fileBytes: number;
  migratedFrom: string | null;
  ms: number;
}

/** Drops every table, type and sequence of the site, and the migration record, inside `tx`. */
async function dropEverything(tx: Database) {
  const tables = rowsOf<{ name: string }>(
    await tx.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
  );
  if (tables.length)
    await tx.execute(sql.raw(`drop table ${tables.map((t) => `"public"."${t.name}"`).join(', ')} cascade`));
  const others = rowsOf<{ name: string; kind: string }>(
    await tx.execute(sql`
      select c.relname as name, 'sequence' as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S'
      union all
      select t.typname, 'type' from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' and t.typtype in ('e', 'd')`),
  );
  for (const other of others)
    await tx.execute(sql.raw(`drop ${other.kind} if exists "public"."${other.name}" cascade`));
  await tx.execute(sql`drop schema if exists drizzle cascade`);
}

const BATCH_BYTES = 2 * 1024 * 1024;

async function loadTable(tx: Database, name: string, file: string) {
  const table = sql.identifier(name);
  let batch: string[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    const json = `[${batch.join(',')}]`;
    await tx.execute(
      sql`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, ${json}::json)`,
    );
    batch = [];
    batchBytes = 0;
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    batchBytes += line.length;
    if (batch.length >= 1_000 || batchBytes >= BATCH_BYTES) await flush();
  }
  await flush();
}

/**
 * Replaces the database content and the uploads folder with a staged archive's: one transaction for the
 * rows (the schema is rebuilt at the archive's version, loaded, then migrated to this release's), and the
 * staged uploads folder swapped in by renames just before that transaction commits. Either everything
 * is replaced or nothing is.
 */
export async function loadStagedArchive(
  db: Database,
  staged: StagedArchive,
  uploadsDir: string,
  onProgress: (progress: Progress) => void = () => {},
  uploadStorage: 'folder' | 'database' = 'folder',
): Promise<RestoreSummary> {
  const started = performance.now();
  const { manifest } = staged;
  const known = knownMigrations();
  const index = migrationIndexFor(manifest);
  const previous = `${uploadsDir}.previous-${randomBytes(4).toString('hex')}`;
  let swapped = false;
  let hadUploads = true;
  const swapBack = async () => {
    if (!swapped) return;
    await rename(uploadsDir, staged.uploadsDir);
    if (hadUploads) await rename(previous, uploadsDir);
    swapped = false;
  };
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await dropEverything(t);
      await applyMigrations(t, known.slice(0, index + 1));
      // A migration may seed content rows (the towns served); the archive's own rows replace them,
      // children first so no foreign key stands in the way.
      for (const table of [...manifest.tables].reverse())
        await t.execute(sql`delete from ${sql.identifier(table.name)}`);
      for (const [done, table] of manifest.tables.entries()) {
        onProgress({ phase: 'load', done, total: manifest.tables.length, item: table.name });
        await loadTable(t, table.name, join(staged.tablesDir, `${table.name}.jsonl`));
      }
      onProgress({ phase: 'load', done: manifest.tables.length, total: manifest.tables.length });
      for (const sequence of manifest.sequences) {
        await t.execute(
          sql`select setval(${`"public"."${sequence.name}"`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
        );
      }
      await applyMigrations(t, known.slice(index + 1));
      if (uploadStorage === 'database') {
        // The files arrive with the rows, in the same transaction; the uploads folder is left alone.
        const files = await new FolderStore(staged.uploadsDir).list();
        for (const [done, file] of files.entries()) {
          onProgress({ phase: 'load', done, total: files.length, item: file.name });
          await writeStoredFile(t, file.name, join(staged.uploadsDir, file.name), contentTypeOf(file.name));
        }
        return;
      }
      try {
        await rename(uploadsDir, previous);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        hadUploads = false;
      }
      await rename(staged.uploadsDir, uploadsDir).catch(async (error) => {
        if (hadUploads) await rename(previous, uploadsDir);
        throw error;
      });
      swapped = true;
    });
  } catch (error) {
    await swapBack();
    await staged.discard();
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
  await staged.discard();
  return {
    manifest,
    rows: manifest.tables.reduce((total, table) => total + table.rows, 0),
    fileBytes: manifest.files.reduce((total, file) => total + file.bytes, 0),
    migratedFrom: index < known.length - 1 ? manifest.schema.migration : null,
    ms: performance.now() - started,
  };
}

/** Checks the archive completely, then replaces the site's content with it (stageArchive, loadStagedArchive). */
export async function restoreBackup(
  db: Database,
  archivePath: string,
  uploadsDir: string,
  onProgress?: (progress: Progress) => void,
  uploadStorage: 'folder' | 'database' = 'folder',
): Promise<RestoreSummary> {
  const staged = await stageArchive(archivePath, uploadsDir, onProgress);
  try {
    migrationIndexFor(staged.manifest);
  } catch (error) {
    await staged.discard();
    throw error;
  }
  return loadStagedArchive(db, staged, uploadsDir, onProgress, uploadStorage);
}

function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) count += 1;
  return count;
}
