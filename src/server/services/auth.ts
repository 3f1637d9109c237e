import type { Database } from '../../../db/client.ts';
import type { LoginInput } from '../../shared/schemas/login.ts';
import { UnauthorizedError } from '../errors.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { createSession, invalidateSession, type SessionUser } from './sessions.ts';
import { recordLogin, verifyCredentials } from './users.ts';

export interface SignInResult {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

/** Checks the credentials (throttled per address) and opens a new session with a new token. */
export async function signIn(
  db: Database,
  throttle: LoginThrottle,
  credentials: LoginInput,
  clientAddress: string,
  now = new Date(),
): Promise<SignInResult> {
  throttle.assertAllowed(clientAddress, now.getTime());
  let user;
  try {
    user = await verifyCredentials(db, credentials.username, credentials.password);
  } catch (error) {
    if (error instanceof UnauthorizedError) await throttle.recordFailure(clientAddress, now.getTime());
    throw error;
  }
  throttle.recordSuccess(clientAddress);
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
