import type { Database } from '../../../db/client.ts';
import type { LoginInput } from '../../shared/schemas/login.ts';
import { UnauthorizedError } from '../errors.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { createSession, invalidateSession, type SessionUser } from './sessions.ts';
import { looksLikeBot } from '../../shared/schemas/spam.ts';
import { INVALID_CREDENTIALS_MESSAGE, recordLogin, verifyCredentials } from './users.ts';

export interface SignInResult {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

/**
 * Checks the credentials (throttled per address) and opens a new session with a new token, ending the
 * session this browser had (`previousSessionId`), so an old token never outlives a sign-in. A bot that
 * filled the honeypot gets the answer a wrong password gets, and nothing is checked.
 */
export async function signIn(
  db: Database,
  throttle: LoginThrottle,
  credentials: LoginInput,
  clientAddress: string,
  previousSessionId?: string,
  now = new Date(),
): Promise<SignInResult> {
  if (looksLikeBot(credentials)) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  // Counted before the password is checked, so guesses sent together cannot all slip under the limit.
  const attempt = await throttle.attempt(db, clientAddress, now);
  let user;
  try {
    user = await verifyCredentials(db, credentials.username, credentials.password);
  } catch (error) {
    if (error instanceof UnauthorizedError) await attempt.failed();
    throw error;
  }
  await attempt.succeeded();
  await signOut(db, previousSessionId);
  const { token, session } = await createSession(db, user.id, now);
  await recordLogin(db, user.id, now);
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
