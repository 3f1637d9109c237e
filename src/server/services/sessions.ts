// https://lucia-auth.com/sessions/basic : random token in the cookie, only its SHA-256 in the database.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sessions, users, type Session, type User } from '../../../db/schema/index.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A session unused for this long ends. */
export const SESSION_IDLE_TIMEOUT_MS = 7 * DAY;
/** No session lives longer than this, however often it is used. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY;
// Renewing on every request would write on every request; an hour of slack is invisible to the owner.
const RENEWAL_GRANULARITY_MS = HOUR;

export type SessionUser = Pick<User, 'id' | 'username' | 'email' | 'role' | 'isActive'>;

export interface ValidSession {
  session: Session;
  user: SessionUser;
  /** True when expiresAt moved, so the cookie must be sent again with the new expiry. */
  renewed: boolean;
}

/** 20 random bytes: 160 bits, above the 120 the design asks for. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(
  db: Database,
  userId: number,
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken();
  const session: Session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
    createdAt: now,
  };
  await db.insert(sessions).values(session);
  return { token, session };
}

/** The session and user a cookie token stands for, or null; ends expired and disabled sessions. */
export async function validateSessionToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ValidSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = sessionIdFromToken(token);
  const [row] = await db
    .select({
      session: sessions,
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        isActive: users.isActive,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;
  const { session, user } = row;
  if (hasEnded(session, user, now)) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const wantedExpiry = renewedExpiryOrNull(session, now);
  if (wantedExpiry !== null) {
    session.expiresAt = new Date(wantedExpiry);
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, sessionId));
    return { session, user, renewed: true };
  }
  return { session, user, renewed: false };
}

/**
 * Whether `validateSessionToken`, asked again at `now` with nothing changed in the database, would give
 * this answer again as it is: the session has not ended and is not due to be renewed.
 */
export function stillAnswersAt({ session, user }: ValidSession, now: Date): boolean {
  return !hasEnded(session, user, now) && renewedExpiryOrNull(session, now) === null;
}

function hasEnded(session: Session, user: SessionUser, now: Date): boolean {
  return now >= session.expiresAt || now >= session.absoluteExpiresAt || !user.isActive;
}

/** The later expiry a session in use gets, or null while it is less than the renewal granularity away. */
function renewedExpiryOrNull(session: Session, now: Date): number | null {
  const wantedExpiry = Math.min(now.getTime() + SESSION_IDLE_TIMEOUT_MS, session.absoluteExpiresAt.getTime());
  return wantedExpiry - session.expiresAt.getTime() >= RENEWAL_GRANULARITY_MS ? wantedExpiry : null;
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user except the one in use (after a password change on this device). */
export async function invalidateOtherUserSessions(
  db: Database,
  userId: number,
  keepSessionId: string,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
