import type { Database } from '../../../db/client.ts';
import type { LoginInput } from '../../shared/schemas/login.ts';
import { InvalidInputError, UnauthorizedError } from '../errors.ts';
import { recordActivity, recordActivityBy, type ActingRequest } from './activity-log.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { createSession, invalidateSession, markReauthenticated, type SessionUser } from './sessions.ts';
import { looksLikeBot } from '../../shared/schemas/spam.ts';
import { findUserByUsername, INVALID_CREDENTIALS_MESSAGE, recordLogin, verifyCredentials } from './users.ts';

export interface SignInResult {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

/** The request a sign-in arrives with. */
export interface SignInRequest {
  clientAddress: string;
  userAgent: string | undefined;
  /** The session this browser had, ended by the new one. */
  previousSessionId: string | undefined;
  now: Date;
}

/**
 * Checks the credentials (throttled per address) and opens a new session with a new token, ending the
 * session this browser had, so an old token never outlives a sign-in. A bot that filled the honeypot
 * gets the answer a wrong password gets, and nothing is checked. Both outcomes of a check are logged.
 */
export async function signIn(
  db: Database,
  throttle: LoginThrottle,
  credentials: LoginInput,
  request: SignInRequest,
): Promise<SignInResult> {
  if (looksLikeBot(credentials)) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  const { now } = request;
  const from = { clientAddress: request.clientAddress, userAgent: request.userAgent };
  // Counted before the password is checked, so guesses sent together cannot all slip under the limit.
  const attempt = await throttle.attempt(db, request.clientAddress, now);
  let user;
  try {
    user = await verifyCredentials(db, credentials.username, credentials.password);
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      await attempt.failed();
      // The name as typed: an unknown one is worth seeing too. Never the password.
      const known = await findUserByUsername(db, credentials.username);
      await recordActivity(db, {
        kind: 'sign-in-refused',
        actor: { userId: known?.id ?? null, username: known?.username ?? credentials.username },
        from,
        at: now,
        summary: known
          ? 'Sign-in refused: wrong password or account disabled'
          : 'Sign-in refused: no such user',
      });
    }
    throw error;
  }
  await attempt.succeeded();
  await signOut(db, request.previousSessionId);
  const { token, session } = await createSession(db, user.id, now, from);
  await recordLogin(db, user.id, now);
  await recordActivity(db, {
    kind: 'sign-in',
    actor: { userId: user.id, username: user.username },
    from,
    at: now,
    summary: 'Signed in with password',
  });
  return {
    token,
    expiresAt: session.expiresAt,
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      isActive: user.isActive,
    },
  };
}

export async function signOut(db: Database, sessionId: string | undefined): Promise<void> {
  if (sessionId) await invalidateSession(db, sessionId);
}

const WRONG_PASSWORD_MESSAGE = 'That password is not correct';

/**
 * The signed-in person proves again it is them, with their password, before a sensitive change: the
 * session counts as recently authenticated for the next five minutes. A wrong password is logged and
 * counted by the sign-in throttle like a wrong sign-in, so it is no way around the limit.
 */
export async function reauthenticate(
  db: Database,
  throttle: LoginThrottle,
  acting: ActingRequest & { sessionId: string; username: string },
  password: string,
): Promise<void> {
  const attempt = await throttle.attempt(db, acting.from.clientAddress ?? 'unknown', acting.at);
  try {
    await verifyCredentials(db, acting.username, password);
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      await attempt.failed();
      await recordActivityBy(db, acting, {
        kind: 'reauthentication-refused',
        summary: 'Password confirmation refused',
      });
      // Not a 401: the session is still good, and a client would take a 401 for signed out.
      throw new InvalidInputError(WRONG_PASSWORD_MESSAGE, { password: [WRONG_PASSWORD_MESSAGE] });
    }
    throw error;
  }
  await attempt.succeeded();
  await markReauthenticated(db, acting.sessionId, acting.at);
  await recordActivityBy(db, acting, { kind: 'reauthenticated', summary: 'Confirmed password' });
}
