import type { Database } from '../../../db/client.ts';
import type { LoginInput } from '../../shared/schemas/login.ts';
import { InvalidInputError, UnauthorizedError } from '../errors.ts';
import { recordActivity, recordActivityBy, type ActingRequest } from './activity-log.ts';
import type { LoginThrottle } from './login-throttle.ts';
import {
  createSession,
  invalidateSession,
  invalidateUserSessions,
  markReauthenticated,
  type SessionUser,
} from './sessions.ts';
import { isTwoStepRequired, SecondStepLockedError, verifySecondStepCode } from './two-step.ts';
import { enqueueSecurityEmail, rememberBrowser } from './security-mailer.ts';
import { looksLikeBot } from '../../shared/schemas/spam.ts';
import { findUserByUsername, INVALID_CREDENTIALS_MESSAGE, recordLogin, verifyCredentials } from './users.ts';
import { users } from '../../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import type { PasskeySignInInput } from '../../shared/schemas/passkey.ts';
import { hasPasskey, verifyPasskeySignIn, type RelyingParty } from './passkeys.ts';

/** How a sign-in's second step may be passed. */
export type SecondStepKind = 'passkey' | 'totp';

export interface SignInResult {
  token: string;
  expiresAt: Date;
  user: SessionUser;
  /**
   * Set when the password was right and the account has a second step: the token then stands for a
   * session that grants nothing but that step, until `completeSecondStep` passes.
   */
  secondStep?: SecondStepKind;
  /**
   * Every second step the account has, the one named by `secondStep` first: an account with a passkey
   * and an authenticator app may use either.
   */
  secondSteps?: SecondStepKind[];
  /** Every account must use two-step sign-in and this one does not yet: the session opens only its set-up. */
  twoStepSetupRequired?: boolean;
}

/** The request a sign-in arrives with. */
export interface SignInRequest {
  clientAddress: string;
  userAgent: string | undefined;
  /** The session this browser had, ended by the new one. */
  previousSessionId: string | undefined;
  now: Date;
  /** This browser's id (a long-lived cookie): a sign-in from one the account has not used is emailed. */
  browserId: string;
}

/** Emails the account when this browser is new to it (not for its very first browser). */
async function tellOfNewBrowser(
  db: Database,
  userId: number,
  request: Omit<SignInRequest, 'previousSessionId'>,
) {
  if (await rememberBrowser(db, userId, request.browserId, request.now))
    await enqueueSecurityEmail(db, userId, 'new-browser', {
      at: request.now,
      clientAddress: request.clientAddress,
      userAgent: request.userAgent,
    });
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
  const sessionUser = {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
  };
  // A passkey first when the account has one: it cannot be phished, a code can.
  const secondSteps: SecondStepKind[] = [
    ...((await hasPasskey(db, user.id)) ? (['passkey'] as const) : []),
    ...(user.totpSecret ? (['totp'] as const) : []),
  ];
  if (secondSteps.length > 0) {
    const { token, session } = await createSession(db, user.id, now, from, { secondStepPending: true });
    return {
      token,
      expiresAt: session.expiresAt,
      user: sessionUser,
      secondStep: secondSteps[0],
      secondSteps,
    };
  }
  const twoStepSetupRequired = await isTwoStepRequired(db);
  const { token, session } = await createSession(db, user.id, now, from, { twoStepSetupRequired });
  await recordLogin(db, user.id, now);
  await tellOfNewBrowser(db, user.id, request);
  await recordActivity(db, {
    kind: 'sign-in',
    actor: { userId: user.id, username: user.username },
    from,
    at: now,
    summary: twoStepSetupRequired
      ? 'Signed in with password; sent to set up two-step sign-in'
      : 'Signed in with password',
  });
  return {
    token,
    expiresAt: session.expiresAt,
    user: sessionUser,
    ...(twoStepSetupRequired ? { twoStepSetupRequired } : {}),
  };
}

/** A sign-in whose password was right, waiting for its second step (the session behind the cookie). */
export interface PendingSignIn {
  user: SessionUser;
  session: { id: string };
}

/**
 * The second step of a sign-in: a code from the authenticator app, accepted once, or a recovery code,
 * each usable once. Five wrong codes lock the step for 15 minutes (on the account, not the address). A
 * right code replaces the waiting session with a full one under a new token; a recovery code also ends
 * every other session of the account, since the app may be in someone else's hands.
 */
export async function completeSecondStep(
  db: Database,
  pending: PendingSignIn,
  code: string,
  request: Omit<SignInRequest, 'previousSessionId'>,
): Promise<SignInResult> {
  const { now, user } = { now: request.now, user: pending.user };
  const from = { clientAddress: request.clientAddress, userAgent: request.userAgent };
  const actor = { userId: user.id, username: user.username };
  let method;
  try {
    method = await verifySecondStepCode(db, user.id, code, now);
  } catch (error) {
    if (error instanceof InvalidInputError)
      await recordActivity(db, {
        kind: 'sign-in-refused',
        actor,
        from,
        at: now,
        summary: 'Sign-in refused at the second step: wrong or reused code',
      });
    if (error instanceof SecondStepLockedError && error.justLocked)
      await recordActivity(db, {
        kind: 'second-step-locked',
        actor,
        from,
        at: now,
        summary: 'Second step locked for 15 minutes after 5 wrong codes',
      });
    throw error;
  }
  await invalidateSession(db, pending.session.id);
  if (method === 'recovery-code') {
    const ended = await invalidateUserSessions(db, user.id);
    await recordActivity(db, {
      kind: 'recovery-code-used',
      actor,
      from,
      at: now,
      summary: `Used a recovery code to sign in (${ended} other session${ended === 1 ? '' : 's'} signed out)`,
      details: { otherSessionsEnded: ended },
    });
    await enqueueSecurityEmail(db, user.id, 'recovery-code-used', { at: now, ...from });
  }
  return openSession(
    db,
    user,
    request,
    method === 'totp'
      ? 'Signed in with password and authenticator code'
      : 'Signed in with password and recovery code',
  );
}

/** A full session for a sign-in whose every step passed: logged, and emailed when the browser is new. */
async function openSession(
  db: Database,
  user: SessionUser,
  request: Omit<SignInRequest, 'previousSessionId'>,
  summary: string,
): Promise<SignInResult> {
  const from = { clientAddress: request.clientAddress, userAgent: request.userAgent };
  const { token, session } = await createSession(db, user.id, request.now, from);
  await recordLogin(db, user.id, request.now);
  await tellOfNewBrowser(db, user.id, request);
  await recordActivity(db, {
    kind: 'sign-in',
    actor: { userId: user.id, username: user.username },
    from,
    at: request.now,
    summary,
  });
  return { token, expiresAt: session.expiresAt, user };
}

export const SIGN_IN_WITH_PASSWORD_FIRST_MESSAGE =
  'Sign in with your password first (the second step must follow within 10 minutes)';

/**
 * A sign-in with a passkey: alone (the passkey names the account; a passkey that asks for a PIN or a
 * fingerprint is two factors in itself, so it satisfies a rule requiring two-step sign-in), or as the
 * second step after the password, in the browser whose password step is waiting. Counted by the sign-in
 * throttle like a password; both outcomes are logged. The browser's previous session ends.
 */
export async function signInWithPasskey(
  db: Database,
  throttle: LoginThrottle,
  relyingParty: RelyingParty,
  input: PasskeySignInInput,
  request: SignInRequest & { pending: PendingSignIn | null },
): Promise<SignInResult> {
  const from = { clientAddress: request.clientAddress, userAgent: request.userAgent };
  const attempt = await throttle.attempt(db, request.clientAddress, request.now);
  let verified;
  try {
    verified = await verifyPasskeySignIn(db, relyingParty, input, request.now);
  } catch (error) {
    if (error instanceof InvalidInputError) {
      await attempt.failed();
      await recordActivity(db, {
        kind: 'sign-in-refused',
        actor: request.pending
          ? { userId: request.pending.user.id, username: request.pending.user.username }
          : { userId: null, username: null },
        from,
        at: request.now,
        summary: 'Sign-in with a passkey refused',
      });
    }
    throw error;
  }
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, verified.userId));
  if (!user?.isActive) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  if (verified.purpose === 'second-step' && request.pending?.user.id !== user.id)
    throw new UnauthorizedError(SIGN_IN_WITH_PASSWORD_FIRST_MESSAGE);
  await attempt.succeeded();
  await signOut(db, request.pending?.session.id ?? request.previousSessionId);
  return openSession(
    db,
    user,
    request,
    verified.purpose === 'second-step'
      ? `Signed in with password and passkey "${verified.name}"`
      : `Signed in with passkey "${verified.name}"`,
  );
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
  proof: { password: string } | { code: string },
): Promise<void> {
  if ('code' in proof) {
    try {
      await verifySecondStepCode(db, acting.actor.userId!, proof.code, acting.at);
    } catch (error) {
      if (error instanceof InvalidInputError)
        await recordActivityBy(db, acting, {
          kind: 'reauthentication-refused',
          summary: 'Code confirmation refused',
        });
      throw error;
    }
    await markReauthenticated(db, acting.sessionId, acting.at);
    await recordActivityBy(db, acting, {
      kind: 'reauthenticated',
      summary: 'Confirmed with authenticator code',
    });
    return;
  }
  const { password } = proof;
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
