// Passkeys (WebAuthn) with SimpleWebAuthn (https://simplewebauthn.dev/docs/packages/server): registration
// and authentication ceremonies whose challenges the server keeps in the database, each accepted once.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { passkeys, sessions, webauthnChallenges, type Passkey } from '../../../db/schema/index.ts';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { AddPasskeyInput } from '../../shared/schemas/passkey.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { recordActivityBy, type ActingRequest } from './activity-log.ts';
import { webauthnModule } from './modules-on-first-use.ts';
import { enforceActionLimit } from './rate-limits.ts';
import { endOtherSessions } from './sessions.ts';
import { enqueueSecurityEmail } from './security-mailer.ts';
import { getSettings } from './settings.ts';

/** How long a ceremony may take, from the options to the answer: what the browser is told, and the row's life. */
export const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * Who the passkeys belong to: the host of the site's public address (PUBLIC_URL), never the Host header
 * of a request, which a client chooses. Passkeys made for one host do not work on another.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party of the site at `publicUrl`, named as the company is in Settings. */
export async function relyingPartyFor(db: Database, publicUrl: string): Promise<RelyingParty> {
  const url = new URL(publicUrl);
  const { companyName } = await getSettings(db);
  return { id: url.hostname, origin: url.origin, name: companyName };
}

export const PASSKEY_REFUSED_MESSAGE =
  'That passkey was not accepted. Try again, or sign in with your password.';
export const CEREMONY_EXPIRED_MESSAGE = 'That request has expired or was already used: try again';

/** A passkey as its owner sees it in the Account tab: never the key itself. */
export interface PasskeyListEntry {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  transports: string[];
}

const toListEntry = (row: Passkey): PasskeyListEntry => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  transports: row.transports,
});

export async function listPasskeys(db: Database, userId: number): Promise<PasskeyListEntry[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toListEntry);
}

export async function hasPasskey(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return (row?.count ?? 0) > 0;
}

type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

/** Keeps a new challenge for one ceremony; expired ones of earlier ceremonies are cleared on the way. */
async function keepChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  userId: number | null,
  now: Date,
  userHandle: string | null = null,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    userHandle,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CEREMONY_TIMEOUT_MS),
  });
}

/** The challenge the browser's answer signed, read from its client data (checked again by the library). */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof parsed.challenge === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(parsed.challenge))
      return parsed.challenge;
  } catch {
    // answered below
  }
  throw new InvalidInputError('The passkey answer is not readable', { response: ['Not readable'] });
}

/**
 * Takes the challenge of this answer out of the database, in one statement: a second answer carrying the
 * same challenge (a replay, or the same answer sent twice at once) finds nothing. Answers the account the
 * ceremony was for (null for a sign-in with a passkey alone).
 */
async function takeChallenge(
  db: Database,
  clientDataJSON: string,
  purposes: Purpose[],
  now: Date,
): Promise<{ challenge: string; purpose: Purpose; userId: number | null; userHandle: string | null }> {
  const challenge = challengeOf(clientDataJSON);
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  if (!taken || !purposes.includes(taken.purpose)) throw new ConflictError(CEREMONY_EXPIRED_MESSAGE);
  return { challenge, purpose: taken.purpose, userId: taken.userId, userHandle: taken.userHandle };
}

/** The account's user handle: the one its passkeys already carry, or a new random one for its first. */
async function userHandleOf(db: Database, userId: number): Promise<string> {
  const [existing] = await db
    .select({ handle: passkeys.userHandle })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return existing?.handle ?? randomBytes(32).toString('base64url');
}

/**
 * The options for adding a passkey: a discoverable credential (so it signs in without a username) with
 * user verification (a PIN or a fingerprint: the passkey alone is then two factors), and the account's
 * existing passkeys excluded so one authenticator is not added twice.
 */
export async function beginPasskeyRegistration(
  db: Database,
  acting: ActingRequest,
  relyingParty: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const userId = acting.actor.userId!;
  const { generateRegistrationOptions } = await webauthnModule.get();
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const userHandle = await userHandleOf(db, userId);
  const options = await generateRegistrationOptions({
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    userName: acting.actor.username ?? String(userId),
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'registration', userId, acting.at, userHandle);
  return options;
}

/**
 * Adds the passkey the browser made from those options, once its answer checks out against the kept
 * challenge, this site's origin and host, and with the person verified. Every other session of the
 * account ends (a new way in, as when two-step sign-in is turned on); the account is emailed.
 */
export async function finishPasskeyRegistration(
  db: Database,
  acting: ActingRequest & { sessionId: string },
  relyingParty: RelyingParty,
  input: AddPasskeyInput,
): Promise<PasskeyListEntry> {
  const userId = acting.actor.userId!;
  const response = input.response;
  const taken = await takeChallenge(db, response.response.clientDataJSON, ['registration'], acting.at);
  if (taken.userId !== userId || !taken.userHandle) throw new ConflictError(CEREMONY_EXPIRED_MESSAGE);
  const { verifyRegistrationResponse } = await webauthnModule.get();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw refused(error);
  }
  if (!verification.verified) throw refused(undefined);
  const { credential } = verification.registrationInfo;
  const [added] = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      userHandle: taken.userHandle,
      name: input.name,
      createdAt: acting.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!added) throw new ConflictError('That passkey is already added');
  // A passkey is a second step of its own: set up as required, this session now opens everything.
  await db.update(sessions).set({ twoStepSetupRequired: false }).where(eq(sessions.id, acting.sessionId));
  const ended = await endOtherSessions(db, userId, acting.sessionId);
  await enqueueSecurityEmail(
    db,
    userId,
    'passkey-added',
    { at: acting.at, clientAddress: acting.from.clientAddress, userAgent: acting.from.userAgent },
    { passkey: added.name },
  );
  await recordActivityBy(db, acting, {
    kind: 'passkey-added',
    summary: `Added passkey "${added.name}" (${ended} other session${ended === 1 ? '' : 's'} signed out)`,
    details: { passkeyId: added.id, name: added.name, otherSessionsEnded: ended },
  });
  return toListEntry(added);
}

function refused(error: unknown): InvalidInputError {
  // The library's reason (a wrong origin, a bad signature) is for the log of the request, not the person.
  return new InvalidInputError(PASSKEY_REFUSED_MESSAGE, {
    response: [error instanceof Error ? error.message : PASSKEY_REFUSED_MESSAGE],
  });
}

async function ownPasskey(db: Database, userId: number, id: number): Promise<Passkey> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  if (!row) throw new NotFoundError('No such passkey');
  return row;
}

export async function renamePasskey(
  db: Database,
  acting: ActingRequest,
  id: number,
  name: string,
): Promise<PasskeyListEntry> {
  const before = await ownPasskey(db, acting.actor.userId!, id);
  const [renamed] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
  await recordActivityBy(db, acting, {
    kind: 'passkey-renamed',
    summary: `Renamed passkey "${before.name}" to "${name}"`,
    details: { passkeyId: id, from: before.name, to: name },
  });
  return toListEntry(renamed!);
}

/** Removes one of one's passkeys: it signs in no more, and every other session of the account ends. */
export async function removePasskey(
  db: Database,
  acting: ActingRequest & { sessionId: string },
  id: number,
): Promise<void> {
  const userId = acting.actor.userId!;
  const removed = await ownPasskey(db, userId, id);
  await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  const ended = await endOtherSessions(db, userId, acting.sessionId);
  await recordActivityBy(db, acting, {
    kind: 'passkey-removed',
    summary: `Removed passkey "${removed.name}" (${ended} other session${ended === 1 ? '' : 's'} signed out)`,
    details: { passkeyId: id, name: removed.name, otherSessionsEnded: ended },
  });
}

/**
 * The options for signing in with a passkey: with `userId` (the second step after a password) the
 * account's own passkeys are offered; without, the browser offers whichever passkey for this site it
 * holds (a discoverable credential), which names the account.
 */
export async function beginPasskeySignIn(
  db: Database,
  relyingParty: RelyingParty,
  request: { userId: number | null; clientAddress: string; now: Date },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await enforceActionLimit(db, 'passkey', request.clientAddress, request.now);
  const { generateAuthenticationOptions } = await webauthnModule.get();
  const allowCredentials =
    request.userId === null
      ? []
      : (
          await db
            .select({ id: passkeys.credentialId, transports: passkeys.transports })
            .from(passkeys)
            .where(eq(passkeys.userId, request.userId))
        ).map((row) => ({ id: row.id, transports: row.transports }));
  if (request.userId !== null && allowCredentials.length === 0)
    throw new ConflictError('This account has no passkey');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty.id,
    allowCredentials,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  });
  await keepChallenge(
    db,
    options.challenge,
    request.userId === null ? 'sign-in' : 'second-step',
    request.userId,
    request.now,
  );
  return options;
}

/** A passkey answer accepted: whose it is, and which passkey. */
export interface VerifiedPasskey {
  userId: number;
  passkeyId: number;
  name: string;
  /** What the challenge was issued for: a sign-in with the passkey alone, or a second step. */
  purpose: 'sign-in' | 'second-step';
}

/**
 * Checks a sign-in answer: its challenge is taken (once), the passkey must exist (a removed one is
 * refused), belong to the account a second step was for, carry a valid signature over this site's
 * origin with the person verified, and its counter must have moved on (unless the authenticator keeps
 * none). The counter and the time of use are stored.
 */
export async function verifyPasskeySignIn(
  db: Database,
  relyingParty: RelyingParty,
  input: { response: AuthenticationResponseJSON },
  now: Date,
): Promise<VerifiedPasskey> {
  const { response } = input;
  const taken = await takeChallenge(db, response.response.clientDataJSON, ['sign-in', 'second-step'], now);
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!stored) throw refused(new Error('unknown passkey'));
  if (taken.userId !== null && stored.userId !== taken.userId) throw refused(new Error('another account'));
  const { verifyAuthenticationResponse } = await webauthnModule.get();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    throw refused(error);
  }
  if (!verification.verified) throw refused(undefined);
  const { newCounter } = verification.authenticationInfo;
  // Moved only forward, in the statement that checks it: two answers with the same counter (a cloned
  // authenticator racing the real one) cannot both pass. An authenticator that keeps no counter says 0.
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, stored.id),
        or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter} = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  if (moved.length !== 1) throw refused(new Error('counter did not move forward'));
  return {
    userId: stored.userId,
    passkeyId: stored.id,
    name: stored.name,
    purpose: taken.purpose === 'second-step' ? 'second-step' : 'sign-in',
  };
}
