import { createHash, randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { recoveryCodes, sessions, settings, users } from '../../../db/schema/index.ts';
import { ConflictError, InvalidInputError, TooManyRequestsError } from '../errors.ts';
import { recordActivityBy, type ActingRequest } from './activity-log.ts';
import { countHit, minutesUntil, resetHits } from './rate-limits.ts';
import { endOtherSessions } from './sessions.ts';
import { enqueueSecurityEmail } from './security-mailer.ts';
import {
  decodeTotpSecret,
  encodeTotpSecret,
  generateTotpSecret,
  matchingTotpStep,
  totpKeyUri,
  totpQrSvg,
} from './totp.ts';

/** Wrong codes after which the second step is locked for the rest of the window, on every instance. */
export const SECOND_STEP_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 };
export const RECOVERY_CODE_COUNT = 10;
export const WRONG_CODE_MESSAGE = 'That code is not right, or was already used';

/** The second step is locked; `justLocked` on the first refusal of the window, which is worth logging. */
export class SecondStepLockedError extends TooManyRequestsError {
  constructor(
    message: string,
    retryAfterSeconds: number,
    readonly justLocked: boolean,
  ) {
    super(message, retryAfterSeconds);
  }
}

export interface TwoStepStatus {
  totpEnabled: boolean;
  totpEnabledAt: string | null;
  recoveryCodesLeft: number;
}

export async function twoStepStatus(db: Database, userId: number): Promise<TwoStepStatus> {
  const [user] = await db
    .select({ totpEnabledAt: users.totpEnabledAt, totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return {
    totpEnabled: Boolean(user?.totpSecret),
    totpEnabledAt: user?.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: left?.count ?? 0,
  };
}

export interface TotpSetup {
  /** The secret as text (base32), for typing into an app that cannot scan. */
  secret: string;
  keyUri: string;
  /** The key URI as an SVG QR code. */
  qrSvg: string;
}

/** A new secret, kept aside until a first code from the app confirms it was read right. */
export async function beginTotpSetup(
  db: Database,
  acting: ActingRequest,
  issuer: string,
): Promise<TotpSetup> {
  const userId = acting.actor.userId!;
  const secret = generateTotpSecret();
  await db
    .update(users)
    .set({ totpPendingSecret: encodeTotpSecret(secret) })
    .where(eq(users.id, userId));
  const keyUri = totpKeyUri(secret, issuer, acting.actor.username ?? String(userId));
  return { secret: encodeTotpSecret(secret), keyUri, qrSvg: totpQrSvg(keyUri) };
}

/**
 * Counts a try at a code for this account before it is checked; past the limit the step is refused
 * without a check until the window ends. Answers a function that clears the count after a right code.
 */
async function countCodeAttempt(db: Database, userId: number, now: Date): Promise<() => Promise<void>> {
  const key = `second-step:${userId}`;
  const { hits, resetsAt } = await countHit(db, key, SECOND_STEP_LIMIT.windowMs, now);
  if (hits > SECOND_STEP_LIMIT.max) {
    const minutes = minutesUntil(resetsAt, now);
    throw new SecondStepLockedError(
      `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
      hits === SECOND_STEP_LIMIT.max + 1,
    );
  }
  return () => resetHits(db, key);
}

/**
 * Accepts a code of the account's app once: the step it belongs to must be later than the last step
 * accepted, which is moved in the same statement, so the same code sent twice at once passes once.
 */
async function acceptTotpCode(db: Database, userId: number, encodedSecret: string, code: string, now: Date) {
  const step = matchingTotpStep(decodeTotpSecret(encodedSecret), code, now);
  if (step === null) return false;
  const moved = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return moved.length === 1;
}

function wrongCode(): InvalidInputError {
  return new InvalidInputError(WRONG_CODE_MESSAGE, { code: [WRONG_CODE_MESSAGE] });
}

/**
 * Turns two-step sign-in on with the secret being set up, once a first code from the app matches. Every
 * other session of the account ends; the answer holds the recovery codes, shown this once.
 */
export async function confirmTotpSetup(
  db: Database,
  acting: ActingRequest & { sessionId: string },
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const userId = acting.actor.userId!;
  const [user] = await db
    .select({ pending: users.totpPendingSecret, enabled: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.pending) throw new ConflictError('Start the set-up again: no secret is waiting for a code');
  const clearCount = await countCodeAttempt(db, userId, acting.at);
  const step = matchingTotpStep(decodeTotpSecret(user.pending), code.trim(), acting.at);
  if (step === null) throw wrongCode();
  await clearCount();
  await db
    .update(users)
    .set({ totpSecret: user.pending, totpPendingSecret: null, totpEnabledAt: acting.at, totpLastStep: step })
    .where(eq(users.id, userId));
  const codes = await replaceRecoveryCodes(db, userId, acting.at);
  // Set up as required: this session now opens everything.
  await db.update(sessions).set({ twoStepSetupRequired: false }).where(eq(sessions.id, acting.sessionId));
  const ended = await endOtherSessions(db, userId, acting.sessionId);
  await recordActivityBy(db, acting, {
    kind: 'two-step-enabled',
    summary: `Turned on two-step sign-in (${ended} other session${ended === 1 ? '' : 's'} signed out)`,
    details: { otherSessionsEnded: ended },
  });
  return { recoveryCodes: codes };
}

/** Turns two-step sign-in off: the secret and the recovery codes are deleted, other sessions end. */
export async function disableTotp(
  db: Database,
  acting: ActingRequest & { sessionId: string },
): Promise<void> {
  const userId = acting.actor.userId!;
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const ended = await endOtherSessions(db, userId, acting.sessionId);
  await enqueueSecurityEmail(db, userId, 'two-step-disabled', {
    at: acting.at,
    clientAddress: acting.from.clientAddress,
    userAgent: acting.from.userAgent,
  });
  await recordActivityBy(db, acting, {
    kind: 'two-step-disabled',
    summary: `Turned off two-step sign-in (${ended} other session${ended === 1 ? '' : 's'} signed out)`,
    details: { otherSessionsEnded: ended },
  });
}

/** Ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(db: Database, acting: ActingRequest): Promise<string[]> {
  const userId = acting.actor.userId!;
  const status = await twoStepStatus(db, userId);
  if (!status.totpEnabled) throw new ConflictError('Turn on two-step sign-in first');
  const codes = await replaceRecoveryCodes(db, userId, acting.at);
  await recordActivityBy(db, acting, { kind: 'recovery-codes-renewed', summary: 'Made new recovery codes' });
  return codes;
}

/** 10 characters of base32 (50 random bits) in two groups of five: easy to copy from paper. */
function generateRecoveryCode(): string {
  const text = encodeBase32LowerCaseNoPadding(new Uint8Array(randomBytes(7))).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

function recoveryCodeHash(code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z2-7]/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}

async function replaceRecoveryCodes(db: Database, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code), createdAt: now })));
  return codes;
}

/** Marks an unused recovery code used, in one statement: the same code sent twice at once passes once. */
async function consumeRecoveryCode(db: Database, userId: number, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** How the second step was passed. */
export type SecondStepMethod = 'totp' | 'recovery-code';

/**
 * Checks a second-step code (the app's six digits, or a recovery code) for an account with two-step
 * sign-in on, within the limit of wrong codes. Throws a 400 for a wrong or reused code.
 */
export async function verifySecondStepCode(
  db: Database,
  userId: number,
  code: string,
  now: Date,
): Promise<SecondStepMethod> {
  const [user] = await db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
  if (!user?.secret) throw new ConflictError('Two-step sign-in is not turned on for this account');
  const clearCount = await countCodeAttempt(db, userId, now);
  const trimmed = code.trim().replace(/\s+/g, '');
  let method: SecondStepMethod | null = null;
  if (/^\d{6}$/.test(trimmed)) {
    if (await acceptTotpCode(db, userId, user.secret, trimmed, now)) method = 'totp';
  } else if (await consumeRecoveryCode(db, userId, trimmed, now)) method = 'recovery-code';
  if (!method) throw wrongCode();
  await clearCount();
  return method;
}

/** The settings row that says every account must use two-step sign-in. */
const REQUIRE_TWO_STEP_KEY = 'requireTwoStep';

/** Whether an admin asked that every account use two-step sign-in. */
export async function isTwoStepRequired(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, REQUIRE_TWO_STEP_KEY));
  return row?.value === 'true';
}

/**
 * Requires two-step sign-in of every account, or stops requiring it. Accounts without it are sent to set
 * it up at their next sign-in, before anything else.
 */
export async function setTwoStepRequired(
  db: Database,
  acting: ActingRequest,
  required: boolean,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key: REQUIRE_TWO_STEP_KEY, value: String(required), type: 'boolean', updatedAt: acting.at })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(required), updatedAt: acting.at } });
  await recordActivityBy(db, acting, {
    kind: 'two-step-policy-changed',
    summary: required
      ? 'Required two-step sign-in of every account'
      : 'Stopped requiring two-step sign-in of every account',
    details: { required },
  });
}
