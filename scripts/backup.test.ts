import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

// The real commands on embedded databases of their own (only meaningful once per run).
// Each command starts its own Node and PGlite: seconds apiece on a busy machine.
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run backup / npm run restore', () => {
  let dir: string;
  const site = () => ({ DATA_DIR: join(dir, 'data'), UPLOADS_DIR: join(dir, 'uploads') });
  const copy = () => ({ DATA_DIR: join(dir, 'copy-data'), UPLOADS_DIR: join(dir, 'copy-uploads') });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'backup-cli-'));
    const database = await openDatabase({ dataDir: site().DATA_DIR });
    await database.db.execute(sql`insert into reviews (name, review) values ('Ann', 'Quick and tidy')`);
    await database.close();
    await mkdir(join(site().UPLOADS_DIR, 'variants'), { recursive: true });
    await writeFile(join(site().UPLOADS_DIR, 'a.jpg'), randomBytes(300_000));
    await writeFile(join(site().UPLOADS_DIR, 'variants', 'a-640.webp'), 'small');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses to run while another process holds the embedded database, naming it', async () => {
    // This test process plays the running server.
    await writeFile(
      `${site().DATA_DIR}.lock`,
      JSON.stringify({ pid: process.pid, command: 'the site server (npm start)', port: 4321, since: 'now' }),
    );
    await writeFile(join(dir, 'any.backup'), 'x');
    try {
      for (const [script, file] of [
        ['backup', 'locked.backup'],
        ['restore', 'any.backup'],
      ] as const) {
        const result = await run(script, join(dir, file), site());
        expect(result.status).toBe(2);
        expect(result.stderr).toContain(
          `is in use by the site server (npm start) (pid ${process.pid} on host ${hostname()}, port 4321`,
        );
      }
    } finally {
      await rm(`${site().DATA_DIR}.lock`);
    }
  });

  it('backs up, refuses to overwrite, restores into another folder, refuses a foreign file', async () => {
    const file = join(dir, 'site.backup');
    const backup = await run('backup', file, site());
    expect(backup.stderr).not.toMatch(/error/i);
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/reviews\s+1 row\b/);
    expect(backup.stdout).toMatch(/uploaded files\s+2 \(/);
    expect(backup.stdout).toMatch(
      /Wrote .*site\.backup: \d+ tables, \d+ rows?, 2 files, [\d.]+ KB, schema \w+, in [\d.]+ s\./,
    );
    // The lock was given back.
    expect(await readdir(dir)).not.toContain('data.lock');

    const again = await run('backup', file, site());
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');

    const restore = await run('restore', file, copy());
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain('every checksum matches');
    expect(restore.stdout).toMatch(/Restored \d+ rows? in \d+ tables and 2 files in [\d.]+ s\./);
    expect(await readFile(join(copy().UPLOADS_DIR, 'a.jpg'))).toEqual(
      await readFile(join(site().UPLOADS_DIR, 'a.jpg')),
    );
    expect(await readFile(join(copy().UPLOADS_DIR, 'variants', 'a-640.webp'), 'utf8')).toBe('small');

    const foreign = join(dir, 'foreign.backup');
    await writeFile(foreign, randomBytes(10_000));
    const refused = await run('restore', foreign, copy());
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain('Not restored: This file is not a backup made by `npm run backup`.');

    const restored = await openDatabase({ dataDir: copy().DATA_DIR });
    try {
      const reviews = rowsOf<{ name: string }>(await restored.db.execute(sql`select name from reviews`));
      expect(reviews).toEqual([{ name: 'Ann' }]);
    } finally {
      await restored.close();
    }
    expect(
      (await readdir(dir)).filter((name) => name.includes('.incoming-') || name.includes('.previous-')),
    ).toEqual([]);
  }, 120_000);
});
