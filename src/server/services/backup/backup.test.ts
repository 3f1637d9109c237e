import { FolderStore } from '../../storage/file-store.ts';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_QUERY_TIMEOUT_MS, openDatabase, type DatabaseHandle } from '../../../../db/client.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { createTestDatabase, testDatabaseKind } from '../../testing/test-database.ts';
import { BackupArchiveError, restoreBackup, writeBackup, type Manifest } from './archive.ts';
import { rowsOf } from '../../../../db/rows.ts';
import { applyMigrations, knownMigrations, tablesInForeignKeyOrder } from './schema-info.ts';
import { pgTable, serial, integer, text } from 'drizzle-orm/pg-core';

const realPng = readFileSync(new URL('../../../../public/images/apple-touch-icon.png', import.meta.url));

function multipart(filename: string, content: Buffer) {
  const boundary = '----backup-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function backupTo(t: TestApp, file: string) {
  return writeBackup(t.database.db, t.database.kind, t.app.fileStore, createWriteStream(file));
}

/** Everything a visitor, the admin and the editor can read, keyed by what was asked. */
async function snapshot(t: TestApp, adminCookie: string, editorCookie: string) {
  const answers: Record<string, unknown> = {};
  const get = async (url: string, cookie?: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    answers[`${cookie === editorCookie ? 'editor ' : cookie ? 'admin ' : ''}${url}`] = {
      status: response.statusCode,
      body: response.json(),
    };
    return response.json();
  };
  const trpc = (path: string, cookie: string) => get(`/trpc/${path}`, cookie);
  const posts = await get('/api/posts');
  for (const post of [...posts.newsPosts, ...posts.advicePosts]) await get(`/api/posts/${post.id}`);
  await get('/api/reviews');
  await get('/api/settings');
  await get('/api/services');
  await get('/api/services/gas-lines');
  await get('/api/admin/services', editorCookie);
  await get('/api/admin/faqs', editorCookie);
  await get('/api/admin/settings', adminCookie);
  await get('/api/admin/posts', adminCookie);
  await get('/api/admin/posts', editorCookie);
  await get('/api/service-areas');
  await get('/api/admin/service-areas', adminCookie);
  await get('/api/auth/status', editorCookie);
  await trpc('leads.list', adminCookie);
  await trpc('adminSeo.list', adminCookie);
  await trpc('adminUsers.list', adminCookie);
  await trpc('adminReviews.list', adminCookie);
  await trpc('media.list', adminCookie);
  await get('/api/offers');
  await get('/api/admin/offers', adminCookie);
  for (const page of ['home', 'about', 'footer']) await get(`/api/admin/pages/${page}`, adminCookie);
  // History, the Trash and the activity log travel with the content.
  await get('/api/admin/history?type=post&id=1', adminCookie);
  await get('/api/admin/history?type=page-text&id=home', adminCookie);
  await get('/api/admin/trash', adminCookie);
  await get('/api/admin/activity?limit=1000', adminCookie);
  const files: Record<string, string> = {};
  for (const { name } of await t.app.fileStore.list()) {
    const response = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(response.statusCode).toBe(200);
    files[name] = response.rawPayload.toString('base64');
  }
  return { answers, files };
}

/**
 * A restore replays every migration into a new database, loads every table and starts a second app on
 * it: about ten seconds alone, three times that on a machine running the whole suite beside others.
 */
const RESTORE_TIMEOUT_MS = 90_000;

/** An empty database opened as `npm run restore` opens PostgreSQL: with a command's time for each query. */
function restoreTarget(): Promise<DatabaseHandle> {
  return createTestDatabase({ queryTimeoutMs: COMMAND_QUERY_TIMEOUT_MS });
}

describe(`backup and restore (${testDatabaseKind})`, () => {
  let work: string;
  let source: TestApp;
  let adminCookie: string;
  let editorCookie: string;
  let archive: string;
  let archivedFiles: Manifest['files'];
  let expected: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'backup-test-'));
    // The site starts on the embedded database, as a new user's does.
    source = await buildTestApp({ database: await openDatabase({ memory: true }) });
    adminCookie = await source.signInAs('admin', 'owner');
    editorCookie = await source.signInAs('editor', 'helper');
    const inject = (
      method: 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: unknown,
      cookie = adminCookie,
    ) =>
      source.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { cookie },
      });
    const uploads = [];
    for (const name of ['kitchen.png', 'bath.png']) {
      const { payload, headers } = multipart(name, realPng);
      const response = await source.app.inject({
        method: 'POST',
        url: '/api/admin/upload',
        payload,
        headers: { ...headers, cookie: editorCookie },
      });
      expect(response.statusCode).toBe(201);
      uploads.push(response.json().filePath as string);
    }
    for (const [index, type] of ['news', 'advice', 'news'].entries()) {
      const response = await inject('POST', '/api/admin/posts', {
        type,
        post: {
          title: `Post ${index} about pipes`,
          excerpt: `Excerpt ${index}`,
          content: `<p>Body ${index} ünïcode ✓</p>`,
          image: uploads[index % 2],
          isPublished: index !== 2,
        },
      });
      expect(response.statusCode).toBe(201);
    }
    for (const name of ['Ann', 'Bea']) {
      await inject('POST', '/api/reviews', { name, rating: 4, review: `Fixed it fast, says ${name}` });
    }
    const edited = await inject('PUT', '/api/admin/posts/1', {
      type: 'news',
      post: {
        title: 'Post 0 about pipes, revised',
        excerpt: 'Excerpt 0',
        content: '<p>Body 0</p>',
        image: uploads[0],
        isPublished: true,
      },
      version: 1,
    });
    expect(edited.json().post.version).toBe(2);
    expect(
      (
        await source.app.inject({
          method: 'DELETE',
          url: '/api/admin/reviews/2',
          headers: { cookie: adminCookie },
        })
      ).statusCode,
    ).toBe(200);
    await inject('POST', '/api/contact', {
      firstName: 'Cal',
      lastName: 'Lee',
      email: 'cal@example.com',
      message: 'Leaking water heater',
    });
    // A bot's lead (filled the hidden field) is kept as it was marked.
    await inject('POST', '/api/contact', {
      firstName: 'Bot',
      lastName: 'Bot',
      email: 'bot@example.com',
      message: 'Cheap pills',
      website: 'http://spam.example',
    });
    const settings = (
      await source.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie: adminCookie } })
    ).json().settings;
    expect(
      (await inject('PUT', '/api/admin/settings', { ...settings, companyName: 'Backup Plumbing Co' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await inject('POST', '/trpc/adminSeo.save', {
          page: '/',
          title: 'Best plumber in Cumming',
          description: 'Restored description',
        })
      ).statusCode,
    ).toBe(200);
    // A town with its own page at a renamed address: its ZIP codes, page and former address come back.
    const town = await inject('POST', '/api/admin/service-areas', {
      town: 'Flowery Branch',
      state: 'GA',
      zips: ['30542'],
      pageHeading: 'Plumber in Flowery Branch',
      pageBody: '<p>Sump pumps in lake-shore basements ✓</p>',
      pagePublished: true,
    });
    expect(town.statusCode).toBe(201);
    const renamedTown = await inject('PUT', `/api/admin/service-areas/${town.json().serviceArea.id}`, {
      town: 'Flowery Branch',
      state: 'GA',
      zips: ['30542', '30566'],
      slug: 'flowery-branch',
      pageHeading: 'Plumber in Flowery Branch',
      pageBody: '<p>Sump pumps in lake-shore basements ✓</p>',
      pagePublished: true,
    });
    expect(renamedTown.json().serviceArea.formerSlugs).toEqual(['flowery-branch-ga']);
    // A service of the owner's, with an uploaded photo, an old address and a question of its own.
    const service = await inject('POST', '/api/admin/services', {
      title: 'Gas Line Repair',
      summary: 'Gas lines fixed safely.',
      description: '<p>Leaks found and fixed.</p>',
      offerings: ['Leak detection', 'Line replacement'],
      photos: [{ src: uploads[0], alt: 'A kitchen', caption: 'Ünïcode caption ✓' }],
      priceFrom: 99,
    });
    expect(service.statusCode).toBe(201);
    const serviceId = service.json().service.id as number;
    const renamed = await inject('PUT', `/api/admin/services/${serviceId}`, {
      ...service.json().service,
      slug: 'gas-lines',
    });
    expect(renamed.json().service.formerSlugs).toEqual(['gas-line-repair']);
    expect(
      (await inject('POST', '/api/admin/faqs', { question: 'Is it safe?', answer: 'Yes.', serviceId }))
        .statusCode,
    ).toBe(201);
    // Offers and page text, the owner's content like the posts.
    expect(
      (
        await inject('POST', '/api/admin/offers', {
          title: 'Gas Line Check',
          amount: '$19 Off',
          finePrint: 'One per home',
          picture: 'drawn',
          endsAt: '2099-12-31T18:00:00Z',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await inject('PUT', '/api/admin/pages/home', { heroHeadline: 'Restored headline' })).statusCode,
    ).toBe(200);
    expect(
      (await inject('PUT', '/api/admin/pages/about', { team: [{ name: 'Ana Ruiz', role: 'Owner' }] }))
        .statusCode,
    ).toBe(200);
    // One of each kind in the Trash: their rows come back marked, left out of every list, in the Trash.
    const oldService = (
      await inject('POST', '/api/admin/services', {
        title: 'Old Service',
        summary: 'Gone soon.',
        description: '<p>Gone soon.</p>',
      })
    ).json().service.id as number;
    const trashed = [
      `/api/admin/services/${oldService}`,
      `/api/admin/faqs/${(await inject('POST', '/api/admin/faqs', { question: 'Old?', answer: 'Yes.' })).json().faq.id}`,
      `/api/admin/offers/${(await inject('POST', '/api/admin/offers', { title: 'Old Offer', amount: '$5 Off' })).json().offer.id}`,
      `/api/admin/service-areas/${(await inject('POST', '/api/admin/service-areas', { town: 'Oakwood', state: 'GA', zips: ['30566'] })).json().serviceArea.id}`,
    ];
    for (const url of trashed) expect((await inject('DELETE', url)).statusCode).toBe(200);
    expected = await snapshot(source, adminCookie, editorCookie);
    expect(
      (expected.answers['admin /api/admin/trash'] as { body: { items: { type: string }[] } }).body.items
        .map((item) => item.type)
        .sort(),
    ).toEqual(['faq', 'offer', 'review', 'service', 'service-area']);
    expect(JSON.stringify(expected.answers['admin /api/admin/service-areas'])).toContain('flowery-branch-ga');
    expect(JSON.stringify(expected.answers)).toContain('Restored headline');
    expect(JSON.stringify(expected.answers)).toContain('$19 Off Gas Line Check');
    expect(Object.keys(expected.files)).toHaveLength(2);
    archive = join(work, 'site.backup');
    const summary = await backupTo(source, archive);
    expect(summary.manifest.tables.find((table) => table.name === 'posts')?.rows).toBe(3);
    // The six built-in services and the owner's two, one of them in the Trash.
    expect(summary.manifest.tables.find((table) => table.name === 'services')?.rows).toBe(8);
    expect(summary.manifest.tables.find((table) => table.name === 'faqs')?.rows).toBeGreaterThan(1);
    expect(summary.manifest.files).toHaveLength(2);
    archivedFiles = summary.manifest.files;
  });

  afterAll(async () => {
    await source?.close();
    await rm(work, { recursive: true, force: true });
  });

  const restoreAndCompare = async (
    target: DatabaseHandle,
    uploadStorage: 'folder' | 'database' = 'folder',
  ) => {
    const restored = await buildTestApp({ database: target, config: { uploadStorage } });
    try {
      const summary = await restoreBackup(
        target.db,
        archive,
        restored.config.uploadsDir,
        undefined,
        uploadStorage,
      );
      expect(summary.rows).toBeGreaterThan(10);
      // Sessions are kept: the old cookies still work.
      expect(await snapshot(restored, adminCookie, editorCookie)).toEqual(expected);
      // The files now live where this site keeps them, and its own backups carry them again.
      const again = await backupTo(restored, join(work, `again-${uploadStorage}.backup`));
      expect(again.manifest.files).toEqual(archivedFiles);
      const stored = rowsOf<{ count: number }>(
        await target.db.execute(sql`select count(*)::int as count from stored_files`),
      );
      expect(stored[0]!.count).toBe(uploadStorage === 'database' ? archivedFiles.length : 0);
      const login = await restored.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'helper', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      // Sequences carry on after the restored ids.
      const created = await restored.app.inject({
        method: 'POST',
        url: '/api/reviews',
        payload: { name: 'Dee', review: 'New after the move' },
      });
      expect(created.statusCode).toBe(201);
      const ids = rowsOf<{ id: number }>(await target.db.execute(sql`select id from reviews order by id`));
      expect(ids.map((row) => row.id)).toEqual([1, 2, 3]);
    } finally {
      await restored.close();
    }
  };

  it.runIf(testDatabaseKind === 'pglite')(
    'restores into a fresh embedded database: every answer and file identical, old password signs in',
    async () => {
      await restoreAndCompare(await openDatabase({ memory: true }));
    },
    RESTORE_TIMEOUT_MS,
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'restores the same embedded archive into PostgreSQL, identical',
    async () => {
      await restoreAndCompare(await restoreTarget());
    },
    RESTORE_TIMEOUT_MS,
  );

  it(
    'restores into a site that keeps its uploads in the database: the files arrive with the rows',
    async () => {
      const target =
        testDatabaseKind === 'postgres' ? await restoreTarget() : await openDatabase({ memory: true });
      await restoreAndCompare(target, 'database');
    },
    RESTORE_TIMEOUT_MS,
  );

  describe('refuses a damaged or foreign archive and leaves the site as it was', () => {
    const cases: [string, (file: string) => Promise<void>, RegExp][] = [
      [
        'a truncated archive',
        async (file) => truncate(file, Math.floor((await stat(file)).size * 0.6)),
        /damaged or incomplete/,
      ],
      [
        'a flipped byte',
        async (file) => {
          const bytes = await readFile(file);
          const content = gunzipSync(bytes);
          // Every bit of the first byte from the middle on whose change reaches the archive's content.
          // Some leave it as it was, and the archive is then not damaged: bits deflate skips, or the
          // distance of a repeat moved to an earlier place holding the same bytes, as repetitive rows
          // of JSON often do (one byte in 18,000 of one archive, past its header).
          for (let at = Math.floor(bytes.length / 2); ; at++) {
            const spoiled = Buffer.from(bytes);
            spoiled[at] = spoiled[at]! ^ 0xff;
            if (!holdsTheSame(spoiled, content)) return writeFile(file, spoiled);
          }
        },
        /damaged/,
      ],
      ['a random file', (file) => writeFile(file, randomBytes(50_000)), /not a backup/],
    ];
    for (const [label, spoil, message] of cases) {
      it(label, async () => {
        const file = join(work, `${label.replace(/\W+/g, '-')}.backup`);
        await writeFile(file, await readFile(archive));
        await spoil(file);
        const before = await snapshot(source, adminCookie, editorCookie);
        const error = await restoreBackup(source.database.db, file, source.config.uploadsDir).catch(
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(BackupArchiveError);
        expect((error as Error).message).toMatch(message);
        expect(await snapshot(source, adminCookie, editorCookie)).toEqual(before);
        // No staging folder is left beside the uploads.
        const siblings = await readdir(join(source.config.uploadsDir, '..'));
        expect(siblings.filter((name) => name.includes('.incoming-'))).toEqual([]);
      });
    }

    it('a part whose bytes do not match the manifest checksum', async () => {
      // Rewrites one table inside an otherwise valid archive, keeping the old manifest.
      const { createGunzip, gzipSync } = await import('node:zlib');
      const { readTar, tarHeader, tarPadding, TAR_END } = await import('./tar.ts');
      const { Readable } = await import('node:stream');
      const parts: Buffer[] = [];
      let name = '';
      let body: Buffer[] = [];
      for await (const event of readTar(Readable.from(await readFile(archive)).pipe(createGunzip()))) {
        if (event.kind === 'entry') [name, body] = [event.name, []];
        else if (event.kind === 'data') body.push(Buffer.from(event.chunk));
        else {
          let content = Buffer.concat(body);
          if (name === 'tables/reviews.jsonl')
            content = Buffer.from(content.toString().replace('Ann', 'Eve'));
          parts.push(tarHeader(name, content.length), content, tarPadding(content.length));
        }
      }
      const file = join(work, 'tampered.backup');
      await writeFile(file, gzipSync(Buffer.concat([...parts, TAR_END])));
      const error = await restoreBackup(source.database.db, file, source.config.uploadsDir).catch(
        (caught: unknown) => caught,
      );
      expect((error as Error).message).toMatch(/tables\/reviews\.jsonl does not match its checksum/);
    });
  });

  it.runIf(testDatabaseKind === 'pglite')(
    'an archive from an older schema version is migrated forward',
    async () => {
      const migrations = knownMigrations();
      const old = await createTestDatabase();
      const older = await createTestDatabase();
      try {
        // A database left at the first migration, as an older release made it.
        await older.db.execute(sql`drop schema public cascade`);
        await older.db.execute(sql`create schema public`);
        await older.db.execute(sql`drop schema drizzle cascade`);
        await applyMigrations(older.db, migrations.slice(0, 1));
        await older.db.execute(
          sql`insert into reviews (name, review, rating) values ('Old', 'From an older release', 5)`,
        );
        const uploadsDir = join(work, 'old-uploads');
        const file = join(work, 'old.backup');
        const summary = await writeBackup(
          older.db,
          'pglite',
          new FolderStore(uploadsDir),
          createWriteStream(file),
        );
        expect(summary.manifest.schema.migration).toBe(migrations[0]!.tag);
        const restored = await restoreBackup(old.db, file, join(work, 'restored-uploads'));
        expect(restored.migratedFrom).toBe(migrations[0]!.tag);
        const reviews = rowsOf<{ name: string }>(await old.db.execute(sql`select name from reviews`));
        expect(reviews).toEqual([{ name: 'Old' }]);
        // Tables newer than the archive get what their migrations seed: the towns served.
        const towns = rowsOf<{ count: number }>(
          await old.db.execute(sql`select count(*)::int as count from service_areas`),
        );
        expect(towns[0]!.count).toBe(10);
        const [latest] = rowsOf<{ hash: string }>(
          await old.db.execute(
            sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
          ),
        );
        expect(latest!.hash).toBe(migrations[migrations.length - 1]!.hash);
      } finally {
        await old.close();
        await older.close();
      }
    },
  );
});

describe('tablesInForeignKeyOrder', () => {
  it('lists every schema table, parents first, and picks up a table it has never seen', () => {
    const names = tablesInForeignKeyOrder().map((table) => table.name);
    expect(names).toEqual(expect.arrayContaining(['posts', 'media', 'users', 'sessions', 'settings']));
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('sessions'));
    expect(names.indexOf('posts')).toBeLessThan(names.indexOf('media'));
    expect(names.indexOf('contact_submissions')).toBeLessThan(names.indexOf('lead_notifications'));
    expect(names).not.toContain('backup_runs');

    const parent = pgTable('a_parent', { id: serial('id').primaryKey() });
    const child = pgTable('a_child', {
      id: serial('id').primaryKey(),
      parentId: integer('parent_id').references(() => parent.id),
      note: text('note'),
    });
    expect(tablesInForeignKeyOrder([child, parent]).map((table) => table.name)).toEqual([
      'a_parent',
      'a_child',
    ]);
  });
});

/** Whether a gzipped archive still unpacks to `content`: a flipped byte it skips left it as it was. */
function holdsTheSame(archive: Buffer, content: Buffer): boolean {
  try {
    return gunzipSync(archive).equals(content);
  } catch {
    return false;
  }
}
