import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../db/client.ts';
import { sessions, users } from '../../../db/schema/index.ts';
import { followSessionChanges, SessionMemory } from './session-memory.ts';
import { createSession, invalidateSession, sessionIdFromToken } from '../services/sessions.ts';
import { createUser } from '../services/users.ts';
import { createTestDatabase, testDatabaseKind, testDatabaseUrl } from '../testing/test-database.ts';

const HOUR = 3_600_000;

describe(`sessions remembered by an instance (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let userId: number;
  const stops: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    handle = await createTestDatabase();
    userId = (
      await createUser(handle.db, {
        username: 'owner',
        email: 'owner@example.com',
        password: 'password-long-enough',
        role: 'admin',
      })
    ).id;
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    await handle.close();
  });

  /** A memory following the database's announcements, as the app has one. */
  async function followingMemory(
    database: DatabaseHandle = handle,
    options?: ConstructorParameters<typeof SessionMemory>[1],
  ): Promise<SessionMemory> {
    const memory = new SessionMemory(database, options);
    stops.push(await followSessionChanges(database, memory));
    return memory;
  }

  /** Deletes a session without the announcement: what only a remembered answer can still see. */
  async function deleteSilently(token: string) {
    await handle.db.execute(sql`alter table sessions disable trigger sessions_notify_session_change`);
    await handle.db.delete(sessions).where(eq(sessions.id, sessionIdFromToken(token)));
    await handle.db.execute(sql`alter table sessions enable trigger sessions_notify_session_change`);
  }

  it('answers a session it checked lately without asking the database, for at most its bound', async () => {
    const memory = await followingMemory(handle, { ttlMs: 10_000, maxEntries: 10 });
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(handle.db, userId, start);
    expect((await memory.validate(token, start))?.user.username).toBe('owner');
    await deleteSilently(token);
    const remembered = await memory.validate(token, new Date(start.getTime() + 9_000));
    expect([remembered?.user.username, remembered?.renewed]).toEqual(['owner', false]);
    // Past the bound it asks again, and the database no longer has the session.
    expect(await memory.validate(token, new Date(start.getTime() + 10_001))).toBeNull();
  });

  it('forgets when a session ends or its user changes, through whichever path', async () => {
    const memory = await followingMemory();
    const { token } = await createSession(handle.db, userId);
    expect((await memory.validate(token))?.user.role).toBe('admin');
    await handle.db.update(users).set({ role: 'editor' }).where(eq(users.id, userId));
    await expect.poll(async () => (await memory.validate(token))?.user.role).toBe('editor');
    await handle.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
    await expect.poll(() => memory.validate(token)).toBeNull();

    await handle.db.update(users).set({ isActive: true }).where(eq(users.id, userId));
    const second = await createSession(handle.db, userId);
    expect(await memory.validate(second.token)).not.toBeNull();
    await invalidateSession(handle.db, second.session.id);
    await expect.poll(() => memory.validate(second.token)).toBeNull();
  });

  it('asks the database again once the session is due for renewal, so the cookie is sent again', async () => {
    // A bound longer than the session, so that only the session's own times send it to the database.
    const memory = await followingMemory(handle, { ttlMs: 60 * 24 * HOUR, maxEntries: 10 });
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(handle.db, userId, start);
    expect((await memory.validate(token, start))?.renewed).toBe(false);
    // The browser must be sent the cookie's later expiry.
    expect((await memory.validate(token, new Date(start.getTime() + 2 * HOUR)))?.renewed).toBe(true);
  });

  it('does not keep an answer read while a change was announced', async () => {
    const memory = await followingMemory();
    const { token } = await createSession(handle.db, userId);
    const reading = memory.validate(token);
    memory.forgetAll();
    expect(await reading).not.toBeNull();
    expect(memory.size).toBe(0);
    await deleteSilently(token);
    expect(await memory.validate(token)).toBeNull();
  });

  it('remembers only valid sessions, and no more than its bound', async () => {
    const memory = await followingMemory(handle, { ttlMs: 10_000, maxEntries: 2 });
    expect(await memory.validate('a'.repeat(32))).toBeNull();
    expect(memory.size).toBe(0);
    const tokens = [];
    for (let n = 0; n < 3; n++) tokens.push((await createSession(handle.db, userId)).token);
    for (const token of tokens) await memory.validate(token);
    expect(memory.size).toBe(2);
    // The oldest went first: it is asked of the database again.
    await deleteSilently(tokens[0]!);
    expect(await memory.validate(tokens[0]!)).toBeNull();
    await deleteSilently(tokens[2]!);
    expect(await memory.validate(tokens[2]!)).not.toBeNull();
  });

  it.runIf(testDatabaseKind === 'postgres')(
    "forgets a session ended through another instance's connection",
    async () => {
      const other = await openDatabase({ url: await testDatabaseUrl() });
      stops.push(() => other.close());
      const memory = await followingMemory();
      const { token, session } = await createSession(handle.db, userId);
      expect(await memory.validate(token)).not.toBeNull();
      await invalidateSession(other.db, session.id);
      await expect.poll(() => memory.validate(token)).toBeNull();
    },
  );
});
