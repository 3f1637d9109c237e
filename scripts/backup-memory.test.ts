import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_QUERY_TIMEOUT_MS, openDatabase, type Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { DatabaseStore } from '../src/server/storage/database-store.ts';
import { importUploadsFolder } from '../src/server/storage/file-store-for.ts';
import { FolderStore, type FileStore } from '../src/server/storage/file-store.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  testDatabaseUrl,
} from '../src/server/testing/test-database.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportPeakMemory = fileURLToPath(
  new URL('../src/server/testing/report-peak-memory.ts', import.meta.url),
);
const MiB = 1024 * 1024;

/**
 * The commands get a JavaScript heap far smaller than the site they carry: were rows or files gathered
 * in memory, the heap would run out or the resident memory would pass the bound.
 */
const HEAP_MB = 64;
/** Rows of one table: some 50 MB of JSON, more than the heap holds at once. */
const ROWS = 120_000;
/**
 * The peak resident memory allowed, the server's own budget. The embedded database takes some 200 MB of
 * it (its memory is part of the process), so holding the largest upload alone would pass it.
 */
const PEAK_LIMIT_MB = 300;
/**
 * Uploads of some 270 MB, one of them 192 MiB, that compress quickly: each file repeats a random block
 * of its own, so gzip finds it and the test is not slowed by compressing noise.
 */
const UPLOADS: [string, number][] = [
  ['long-video.mp4', 192 * MiB],
  ...[1, 2, 3, 4].map((n): [string, number] => [`video-${n}.mp4`, 16 * MiB + n * 1000]),
  ...Array.from({ length: 20 }, (_, n): [string, number] => [`photo-${n}.webp`, 64 * 1024 + n]),
];

async function writeGeneratedFile(path: string, size: number): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  const block = randomBytes(16 * 1024);
  const hash = createHash('sha256');
  const output = createWriteStream(path);
  for (let left = size; left > 0; left -= block.length) {
    const chunk = left >= block.length ? block : block.subarray(0, left);
    hash.update(chunk);
    if (!output.write(chunk)) await once(output, 'drain');
  }
  output.end();
  await finished(output);
  return hash.digest('hex');
}

async function hashesOf(store: FileStore): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const { name } of await store.list()) {
    const hash = createHash('sha256');
    for await (const chunk of store.read(name)) hash.update(chunk);
    hashes[name] = hash.digest('hex');
  }
  return hashes;
}

/**
 * The options `npm run <script>` gives node before its script (package.json), with the heap made
 * smaller: what users run, flags and all, is what is measured.
 */
function nodeOptionsOf(script: 'backup' | 'restore'): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = scripts[script]!.split(' ');
  return words
    .slice(1, words.indexOf(`scripts/${script}.ts`))
    .map((word) => (word.startsWith('--max-old-space-size=') ? `--max-old-space-size=${HEAP_MB}` : word));
}

/** Runs `npm run <script>` as its own process and answers its exit status, output and peak memory in MB. */
async function runMeasured(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const peakFile = join(dirname(file), `${script}.peak`);
  const child = spawn(
    process.execPath,
    [...nodeOptionsOf(script), '--import', reportPeakMemory, `scripts/${script}.ts`, file],
    { cwd: root, env: { ...process.env, ...env, PEAK_MEMORY_FILE: peakFile } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const peakKb = Number(await readFile(peakFile, 'utf8').catch(() => 'NaN'));
  return { status, output, peakMb: Math.round(peakKb / 1024) };
}

/** A fingerprint of every row of the table, in order. */
async function rowsDigest(db: Database) {
  const [row] = rowsOf<{ rows: number; digest: string }>(
    await db.execute(
      sql`select count(*)::int as rows, md5(coalesce(string_agg(row_to_json(t)::text, '' order by id), '')) as digest from analytics_events t`,
    ),
  );
  return row!;
}

async function addRows(db: Database) {
  await db.execute(sql`
    insert into analytics_events (at, day, kind, path, visitor, source)
    select now() - g * interval '1 minute', current_date, 'pageview',
      '/services/water-heaters/' || repeat('tankless-', 25) || g,
      substr(md5(g::text), 1, 32), 'search.example'
    from generate_series(1, ${ROWS}) g`);
}

describe(`npm run backup and npm run restore keep memory flat (${testDatabaseKind})`, () => {
  let dir: string;
  let env: Record<string, string>;
  /** Opens the site's database in this process; the embedded one only while no command runs. */
  let openSite: () => Promise<{ db: Database; store: FileStore; close(): Promise<void> }>;
  let expectedFiles: Record<string, string>;
  let expectedRows: { rows: number; digest: string };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'backup-memory-'));
    const uploadsDir = join(dir, 'uploads');
    expectedFiles = {};
    for (const [name, size] of UPLOADS)
      expectedFiles[name] = await writeGeneratedFile(join(uploadsDir, name), size);
    if (testDatabaseKind === 'pglite') {
      env = {
        DATABASE_URL: '',
        DATA_DIR: join(dir, 'data'),
        UPLOADS_DIR: uploadsDir,
        UPLOAD_STORAGE: 'folder',
      };
      openSite = async () => {
        const database = await openDatabase({ dataDir: env.DATA_DIR! });
        return { db: database.db, store: new FolderStore(uploadsDir), close: () => database.close() };
      };
    } else {
      // The uploads live in the database, as several instances sharing one PostgreSQL keep them.
      const url = await testDatabaseUrl();
      await (await createTestDatabase()).close();
      env = {
        DATABASE_URL: url,
        DATA_DIR: join(dir, 'data'),
        UPLOADS_DIR: uploadsDir,
        UPLOAD_STORAGE: 'database',
      };
      openSite = async () => {
        const database = await openDatabase({ url, queryTimeoutMs: COMMAND_QUERY_TIMEOUT_MS });
        const store = new DatabaseStore(database.db, join(dir, 'copies'));
        return { db: database.db, store, close: () => database.close() };
      };
    }
    const site = await openSite();
    try {
      await addRows(site.db);
      expectedRows = await rowsDigest(site.db);
      if (testDatabaseKind === 'postgres') {
        await importUploadsFolder(site.db, uploadsDir);
        await rm(uploadsDir, { recursive: true });
      }
      const listed = Object.fromEntries((await site.store.list()).map(({ name, size }) => [name, size]));
      expect(listed).toEqual(Object.fromEntries(UPLOADS));
    } finally {
      await site.close();
    }
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('backs up and restores rows and uploads many times larger than its heap, byte for byte', async () => {
    const file = join(dir, 'site.backup');
    const backup = await runMeasured('backup', file, env);
    expect(backup.output).not.toMatch(/error/i);
    expect(backup.status).toBe(0);
    expect(backup.peakMb).toBeLessThan(PEAK_LIMIT_MB);

    // The site loses everything the archive holds; the restore must bring it all back.
    const site = await openSite();
    try {
      await site.db.execute(sql`delete from analytics_events`);
      if (testDatabaseKind === 'postgres') await site.db.execute(sql`delete from stored_files`);
    } finally {
      await site.close();
    }
    if (testDatabaseKind === 'pglite') await rename(env.UPLOADS_DIR!, join(dir, 'uploads-before'));

    const restore = await runMeasured('restore', file, env);
    expect(restore.output).not.toMatch(/error/i);
    expect(restore.status).toBe(0);
    expect(restore.peakMb).toBeLessThan(PEAK_LIMIT_MB);

    const restored = await openSite();
    try {
      expect(await rowsDigest(restored.db)).toEqual(expectedRows);
      expect(await hashesOf(restored.store)).toEqual(expectedFiles);
    } finally {
      await restored.close();
    }
    // For the record when the bound is approached.
    console.info(`peak resident memory: backup ${backup.peakMb} MB, restore ${restore.peakMb} MB`);
  }, 120_000);
});
