import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { sessions, users } from '../../../db/schema/index.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import {
  createSession,
  generateSessionToken,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  sessionIdFromToken,
  validateSessionToken,
} from './sessions.ts';
import { createUser } from './users.ts';

const HOUR = 3_600_000;

describe(`sessions (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let userId: number;
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
    await handle.close();
  });

  it('tokens carry 160 random bits and only their SHA-256 is stored', async () => {
    expect(generateSessionToken()).toMatch(/^[a-z2-7]{32}$/);
    expect(new Set(Array.from({ length: 100 }, generateSessionToken)).size).toBe(100);
    const { token } = await createSession(handle.db, userId);
    const stored = await handle.db.select().from(sessions);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(sessionIdFromToken(token));
    expect(stored[0]!.id).not.toContain(token);
  });

  it('a session unused past the idle timeout ends and is deleted', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(handle.db, userId, start);
    expect(
      await validateSessionToken(
        handle.db,
        token,
        new Date(start.getTime() + SESSION_IDLE_TIMEOUT_MS - 1000),
      ),
    ).not.toBeNull();
    const { token: idleToken } = await createSession(handle.db, userId, start);
    expect(
      await validateSessionToken(
        handle.db,
        idleToken,
        new Date(start.getTime() + SESSION_IDLE_TIMEOUT_MS + 1),
      ),
    ).toBeNull();
    expect(
      await handle.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdFromToken(idleToken))),
    ).toHaveLength(0);
  });

  it('use renews the idle expiry, but never past the absolute lifetime', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(handle.db, userId, start);
    let now = start.getTime();
    // Used every six days: each use pushes the idle expiry forward...
    while (now + 6 * 24 * HOUR < start.getTime() + SESSION_ABSOLUTE_LIFETIME_MS) {
      now += 6 * 24 * HOUR;
      const result = await validateSessionToken(handle.db, token, new Date(now));
      expect(result).not.toBeNull();
      expect(result!.session.expiresAt.getTime()).toBe(
        Math.min(now + SESSION_IDLE_TIMEOUT_MS, start.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
      );
    }
    // ...until the absolute lifetime ends it.
    expect(
      await validateSessionToken(handle.db, token, new Date(start.getTime() + SESSION_ABSOLUTE_LIFETIME_MS)),
    ).toBeNull();
  });

  it('a disabled user loses their sessions', async () => {
    const { token } = await createSession(handle.db, userId);
    await handle.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
    expect(await validateSessionToken(handle.db, token)).toBeNull();
  });

  it('malformed tokens are refused without a database lookup error', async () => {
    expect(await validateSessionToken(handle.db, "'; drop table sessions; --")).toBeNull();
    expect(await validateSessionToken(handle.db, '')).toBeNull();
  });
});
