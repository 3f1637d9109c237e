// https://lucia-auth.com/sessions/basic : random token in the cookie, only its SHA-256 in the database.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sessions, users, type Session, type User } from '../../../db/schema/index.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { describeUserAgent } from './device-names.ts';
import { REAUTHENTICATION_REQUIRED_MESSAGE } from '../../shared/reauthentication.ts';

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

/** Where a session was opened from, as the Account tab shows it. */
export interface SessionOrigin {
  clientAddress: string | undefined;
  userAgent: string | undefined;
}

/** How long a sign-in waits for its second step before it must start again from the password. */
export const SECOND_STEP_WAIT_MS = 10 * 60 * 1000;

export async function createSession(
  db: Database,
  userId: number,
  now = new Date(),
  origin: SessionOrigin = { clientAddress: undefined, userAgent: undefined },
  {
    secondStepPending = false,
    twoStepSetupRequired = false,
  }: { secondStepPending?: boolean; twoStepSetupRequired?: boolean } = {},
): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken();
  // A session waiting for its second step ends within minutes, and its renewal is capped there too.
  const lifetime = secondStepPending ? SECOND_STEP_WAIT_MS : SESSION_ABSOLUTE_LIFETIME_MS;
  const session: Session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(now.getTime() + Math.min(SESSION_IDLE_TIMEOUT_MS, lifetime)),
    absoluteExpiresAt: new Date(now.getTime() + lifetime),
    secondStepPending,
    twoStepSetupRequired,
    createdAt: now,
    ipAddress: origin.clientAddress?.slice(0, 64) ?? null,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    lastSeenAt: now,
    // The password (and second factor) were just checked: a sign-in is a proof of who is there.
    reauthenticatedAt: now,
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
    session.lastSeenAt = now;
    await db
      .update(sessions)
      .set({ expiresAt: session.expiresAt, lastSeenAt: now })
      .where(eq(sessions.id, sessionId));
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

/** Ends every session of a user; answers how many ended. */
export async function invalidateUserSessions(db: Database, userId: number): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** A session as its owner sees it in the Account tab: never the token, only the stored id. */
export interface SessionListEntry {
  id: string;
  /** Browser and system in words ("Firefox on Windows"). */
  browser: string;
  address: string | null;
  /** When it was signed in. */
  createdAt: string;
  /** To within an hour: the moment the idle expiry was last moved forward. */
  lastSeenAt: string;
  current: boolean;
}

/** The user's sessions that have not ended, the one in use first, then the most recently used. */
export async function listUserSessions(
  db: Database,
  userId: number,
  currentSessionId: string | undefined,
  now = new Date(),
): Promise<SessionListEntry[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return (
    rows
      // A sign-in still waiting for its second step is not a session yet.
      .filter((row) => !row.secondStepPending && now < row.expiresAt && now < row.absoluteExpiresAt)
      .map((row) => ({
        id: row.id,
        browser: describeUserAgent(row.userAgent),
        address: row.ipAddress,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === currentSessionId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current))
  );
}

/** Ends one of the user's own sessions; another user's id is answered as unknown. */
export async function endOwnSession(
  db: Database,
  userId: number,
  sessionId: string,
): Promise<SessionListEntry> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning();
  if (!ended) throw new NotFoundError('No such session');
  return {
    id: ended.id,
    browser: describeUserAgent(ended.userAgent),
    address: ended.ipAddress,
    createdAt: ended.createdAt.toISOString(),
    lastSeenAt: ended.lastSeenAt.toISOString(),
    current: false,
  };
}

/** Ends every session of a user except the one given; answers how many ended. */
export async function endOtherSessions(db: Database, userId: number, keepSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** How recently the person must have proved who they are before a sensitive change. */
export const REAUTHENTICATION_WINDOW_MS = 5 * 60 * 1000;

export { REAUTHENTICATION_REQUIRED_MESSAGE };

/** Refused because the session last proved who is there too long ago; the client asks again and retries. */
export class ReauthenticationRequiredError extends ForbiddenError {
  constructor() {
    super(REAUTHENTICATION_REQUIRED_MESSAGE);
  }
}

/** Throws unless this session proved who is there within the last five minutes. */
export function assertRecentlyAuthenticated(
  session: Pick<Session, 'reauthenticatedAt'>,
  now = new Date(),
): void {
  if (!isRecentlyAuthenticated(session, now)) throw new ReauthenticationRequiredError();
}

/** Whether a sensitive change would be let through now, so the panel asks for the password first. */
export function isRecentlyAuthenticated(
  session: Pick<Session, 'reauthenticatedAt'>,
  now = new Date(),
): boolean {
  return now.getTime() - session.reauthenticatedAt.getTime() <= REAUTHENTICATION_WINDOW_MS;
}

export async function markReauthenticated(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, sessionId));
}
