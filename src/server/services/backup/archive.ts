// One archive holds the whole site: every table's rows as JSON lines, every uploaded file, and a manifest
// with the schema version, row counts and a SHA-256 of each part. The format is a gzipped ustar file, so
// `tar -tzf site.backup` lists it; rows are JSON, so any PostgreSQL (embedded or server) can load them.
import { rowsOf } from '../../../../db/rows.ts';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { contentTypeOf, FolderStore, type FileStore } from '../../storage/file-store.ts';
import { writeStoredFile } from '../../storage/database-store.ts';
import { readTar, TAR_END, tarHeader, tarPadding, TarFormatError } from './tar.ts';
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
const FORMAT_NAME = 'cumming-plumbing-site-backup';
export const FORMAT_VERSION = 1;
const MANIFEST_ENTRY = 'manifest.json';

export interface PartInfo {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT_NAME;
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

interface TableDump {
  name: string;
  lines: string[];
}

/** Rows, sequences and schema version read in one snapshot, so the parts agree with each other. */
async function readDatabase(db: Database) {
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
      const dumps: TableDump[] = [];
      for (const table of tables.filter((candidate) => existing.has(candidate.name))) {
        const order = table.primaryKey.length
          ? sql.raw(` order by ${table.primaryKey.map((column) => `t."${column}"`).join(', ')}`)
          : sql.raw('');
        const rows = rowsOf<{ line: string }>(
          await tx.execute(
            sql`select row_to_json(t)::text as line from ${sql.identifier(table.name)} t${order}`,
          ),
        );
        dumps.push({ name: table.name, lines: rows.map((row) => row.line) });
      }
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
 * Writes the whole site as one archive to `output` (a file or an HTTP response). Rows are read in one
 * snapshot; uploaded files are read after it, a file deleted meanwhile is left out.
 */
export async function writeBackup(
  db: Database,
  databaseKind: 'pglite' | 'postgres',
  store: FileStore,
  output: Writable,
  onProgress: (progress: Progress) => void = () => {},
): Promise<BackupSummary> {
  const started = performance.now();
  const { schema, dumps, sequences } = await readDatabase(db);
  const files = await store.list();
  const manifest: Manifest = {
    format: FORMAT_NAME,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database: databaseKind,
    schema,
    tables: [],
    sequences,
    files: [],
  };
  let fileBytes = 0;

  async function* entries(): AsyncGenerator<Buffer> {
    const format = Buffer.from(`${FORMAT_NAME} ${FORMAT_VERSION}\n`);
    yield tarHeader(FORMAT_ENTRY, format.length);
    yield format;
    yield tarPadding(format.length);
    for (const [index, dump] of dumps.entries()) {
      onProgress({ phase: 'tables', done: index, total: dumps.length, item: dump.name });
      const body = Buffer.from(dump.lines.map((line) => `${line}\n`).join(''));
      const path = `tables/${dump.name}.jsonl`;
      manifest.tables.push({
        name: dump.name,
        rows: dump.lines.length,
        path,
        bytes: body.length,
        sha256: sha256().update(body).digest('hex'),
      });
      yield tarHeader(path, body.length);
      yield body;
      yield tarPadding(body.length);
    }
    for (const [index, file] of files.entries()) {
      onProgress({ phase: 'files', done: index, total: files.length, item: file.name });
      const { size } = file;
      const path = `uploads/${file.name}`;
      const hash = sha256();
      const bytes = store.read(file.name)[Symbol.asyncIterator]();
      // A file deleted since the list was made is left out; one that is there is read to its end.
      let first: IteratorResult<Buffer>;
      try {
        first = await bytes.next();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      if (first.done && size > 0) continue;
      yield tarHeader(path, size);
      let read = 0;
      for (let next = first; !next.done; next = await bytes.next()) {
        hash.update(next.value);
        read += next.value.length;
        if (read > size) break;
        yield next.value;
      }
      if (read !== size) throw new Error(`${file.name} changed while it was being backed up`);
      yield tarPadding(size);
      fileBytes += size;
      manifest.files.push({ path, bytes: size, sha256: hash.digest('hex') });
    }
    onProgress({ phase: 'files', done: files.length, total: files.length });
    const body = Buffer.from(JSON.stringify(manifest, null, 2));
    yield tarHeader(MANIFEST_ENTRY, body.length);
    yield body;
    yield tarPadding(body.length);
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
          else if (!event.chunk.toString('utf8').startsWith(`${FORMAT_NAME} `))
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
  if (manifest?.format !== FORMAT_NAME)
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
