import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { createSession, validateSessionToken } from '../src/server/services/sessions.ts';
import { createUser, setAccountActive, verifyCredentials } from '../src/server/services/users.ts';
import { actingWithoutRequest } from '../src/server/services/activity-log.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

// Runs the real command against an embedded database of its own (only meaningful once per run).
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run admin:reset-password', () => {
  let dir: string;
  let token: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-password-'));
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    const admin = await createUser(database.db, {
      username: 'owner',
      email: 'owner@example.com',
      password: 'forgotten password 1',
      role: 'admin',
    });
    const other = await createUser(database.db, {
      username: 'boss2',
      email: 'boss2@example.com',
      password: 'another password 22',
      role: 'admin',
    });
    await setAccountActive(
      database.db,
      actingWithoutRequest({ userId: other.id, username: other.username }),
      admin.id,
      false,
    );
    token = (await createSession(database.db, admin.id)).token;
    await database.close();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reset-password.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
      encoding: 'utf8',
    });

  it('prints a new password once, enables the account and ends its old sessions', async () => {
    const result = run('owner');
    expect(result.status).toBe(0);
    const password = /New password for owner: (\S+)/.exec(result.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      const user = await verifyCredentials(database.db, 'owner', password!);
      expect(user.isActive).toBe(true);
      expect(await validateSessionToken(database.db, token)).toBeNull();
    } finally {
      await database.close();
    }
  });

  it('exits non-zero with a clear message for an unknown username, and for none', () => {
    const unknown = run('nobody');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account is called "nobody"');
    expect(run().status).toBe(2);
  });
});
