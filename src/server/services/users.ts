import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users, type User, type UserRole } from '../../../db/schema/index.ts';
import type { CreateUserInput } from '../../shared/schemas/account.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  UnauthorizedError,
} from '../errors.ts';
import { argon2Module, commonPasswordsModule } from './modules-on-first-use.ts';
import { actingWithoutRequest, recordActivityBy, type ActingRequest } from './activity-log.ts';
import { endOtherSessions, invalidateUserSessions } from './sessions.ts';
import { enqueueSecurityEmail, type SecurityEvent } from './security-mailer.ts';
import { getSettings } from './settings.ts';

const eventOf = (acting: ActingRequest): SecurityEvent => ({
  at: acting.at,
  clientAddress: acting.from.clientAddress,
  userAgent: acting.from.userAgent,
});

// OWASP's argon2id minimum (19 MiB, 2 passes); about 30 ms here, tolerable for a sign-in.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export const COMMON_PASSWORD_MESSAGE =
  'This password is on a list of common and breached passwords that attackers try first: choose another';

/**
 * Refuses a password found in a list of common and breached passwords (zxcvbn-ts's, shipped in the
 * package: nothing is sent anywhere), whatever its case, as NIST SP 800-63B asks. `field` names the form
 * field the message belongs to.
 */
export async function assertPasswordNotCommon(password: string, field: string): Promise<void> {
  if ((await commonPasswordsModule.get()).has(password.toLowerCase()))
    throw new InvalidInputError(COMMON_PASSWORD_MESSAGE, { [field]: [COMMON_PASSWORD_MESSAGE] });
}

/** Whose password it is, and where: the words it must not contain come from these. */
export interface PasswordContext {
  account: { username: string; email: string };
  /** The site's public address (PUBLIC_URL): its host name is the site's domain. */
  publicUrl: string;
}

/** Only letters, lowercase: "Acme-Plumbing 2024!" and "acmeplumbing" read the same. */
const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '');

/**
 * The words of this site and account an attacker guesses first (ASVS 6.2.11): the company's name and
 * each of its words of five letters or more (shorter ones, like "pros", hide inside ordinary words), the
 * site's domain without its "www." and ending, the username, and the email address and its part before
 * the "@". Each with the reason a refusal gives.
 */
export async function contextWords(
  db: Database,
  context: PasswordContext,
): Promise<{ word: string; reason: string }[]> {
  const { companyName } = await getSettings(db);
  const host = new URL(context.publicUrl).hostname.replace(/^www\./, '');
  const domainName = /^[\d.]+$|^\[/.test(host) ? host : host.split('.').slice(0, -1).join('.') || host;
  const [localPart] = context.account.email.split('@');
  const candidates = [
    { text: companyName, reason: "the company's name" },
    ...companyName
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length >= 5)
      .map((word) => ({ text: word, reason: "the company's name" })),
    { text: domainName, reason: "the site's domain" },
    { text: context.account.username, reason: 'your username' },
    { text: context.account.email, reason: 'your email address' },
    { text: localPart ?? '', reason: 'your email address' },
  ];
  return candidates
    .map(({ text, reason }) => ({ word: lettersOf(text), reason }))
    .filter(({ word }) => word.length >= 3);
}

/**
 * Refuses a password that contains a word of this site or account, whatever its case and whatever
 * digits or punctuation stand around or inside it, with the reason.
 */
export async function assertPasswordFreeOfContextWords(
  db: Database,
  password: string,
  field: string,
  context: PasswordContext,
): Promise<void> {
  const letters = lettersOf(password);
  const found = (await contextWords(db, context)).find(({ word }) => letters.includes(word));
  if (!found) return;
  const message = `A password must not contain ${found.reason}: attackers try it first`;
  throw new InvalidInputError(message, { [field]: [message] });
}

/** Every check a new password passes beyond its length: not common, not made of the site's own words. */
export async function assertPasswordAcceptable(
  db: Database,
  password: string,
  field: string,
  context: PasswordContext,
): Promise<void> {
  await assertPasswordFreeOfContextWords(db, password, field, context);
  await assertPasswordNotCommon(password, field);
}

export async function hashPassword(password: string): Promise<string> {
  return (await argon2Module.get()).hash(password, ARGON2_OPTIONS);
}

async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return (await argon2Module.get()).verify(passwordHash, password);
}

// Verifying against this when the username is unknown makes both failures take as long.
let decoyHash: Promise<string> | undefined;
function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  return decoyHash;
}

/** The active user these credentials belong to; one message for every kind of failure. */
export async function verifyCredentials(db: Database, username: string, password: string): Promise<User> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (!user) {
    await verifyPassword(await getDecoyHash(), password);
    throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  }
  const matches = await verifyPassword(user.passwordHash, password);
  if (!matches || !user.isActive) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  return user;
}

export async function recordLogin(db: Database, userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export async function createUser(
  db: Database,
  input: { username: string; email: string; password: string; role: UserRole },
): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({
      username: input.username,
      email: input.email,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .returning();
  return user!;
}

export async function setPassword(db: Database, userId: number, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findUserByUsername(db: Database, username: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return user;
}

/** A staff account as the Team list shows it: never the password hash. */
export interface StaffAccount {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  isActive: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

function toAccount(row: { [K in keyof typeof accountColumns]: User[K] }): StaffAccount {
  return {
    ...row,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStaffAccounts(db: Database): Promise<StaffAccount[]> {
  return (await db.select(accountColumns).from(users).orderBy(asc(users.createdAt), asc(users.id))).map(
    toAccount,
  );
}

export async function getStaffAccount(db: Database, id: number): Promise<StaffAccount> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  if (!row) throw new NotFoundError('No such account');
  return toAccount(row);
}

/** Adds an account; usernames and emails are unique whatever their case. */
export async function createStaffAccount(
  db: Database,
  acting: ActingRequest,
  input: CreateUserInput,
  publicUrl: string,
): Promise<StaffAccount> {
  if (await findUserByUsername(db, input.username)) throw new ConflictError('That username is taken');
  await assertPasswordAcceptable(db, input.password, 'password', { account: input, publicUrl });
  const [sameEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  if (sameEmail) throw new ConflictError('That email is already used by another account');
  const user = await createUser(db, input);
  await recordActivityBy(db, acting, {
    kind: 'user-created',
    summary: `Added ${user.role} ${user.username}`,
    details: { userId: user.id, username: user.username, role: user.role },
  });
  return getStaffAccount(db, user.id);
}

/**
 * Disables or re-enables an account. Disabling ends its sessions at once. Nobody disables their own
 * account, and the last active admin stays active: otherwise nobody could reach Settings again.
 */
export async function setAccountActive(
  db: Database,
  acting: ActingRequest,
  id: number,
  isActive: boolean,
): Promise<StaffAccount> {
  const account = await getStaffAccount(db, id);
  if (!isActive) {
    if (id === acting.actor.userId) throw new ForbiddenError('You cannot disable your own account');
    if (account.role === 'admin') {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
      if ((row?.count ?? 0) <= 1) throw new ForbiddenError('The last active admin cannot be disabled');
    }
  }
  await db.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, id));
  if (!isActive) await invalidateUserSessions(db, id);
  await recordActivityBy(db, acting, {
    kind: isActive ? 'user-enabled' : 'user-disabled',
    summary: `${isActive ? 'Enabled' : 'Disabled (and signed out)'} ${account.username}`,
    details: { userId: id, username: account.username },
  });
  return { ...account, isActive };
}

/** An admin sets a new password for someone: every session of theirs ends. */
export async function resetAccountPassword(
  db: Database,
  acting: ActingRequest,
  id: number,
  password: string,
  publicUrl: string,
): Promise<void> {
  const account = await getStaffAccount(db, id);
  await assertPasswordAcceptable(db, password, 'password', { account, publicUrl });
  await setPassword(db, id, password);
  await invalidateUserSessions(db, id);
  await enqueueSecurityEmail(db, id, 'password-changed', eventOf(acting));
  await recordActivityBy(db, acting, {
    kind: 'user-password-reset',
    summary: `Set a new password for ${account.username} (and signed them out)`,
    details: { userId: id, username: account.username },
  });
}

/** An admin signs someone out everywhere (a lost laptop, a stolen phone). */
export async function endAccountSessions(db: Database, acting: ActingRequest, id: number): Promise<number> {
  const account = await getStaffAccount(db, id);
  const ended = await invalidateUserSessions(db, id);
  await recordActivityBy(db, acting, {
    kind: 'user-sessions-ended',
    summary: `Signed ${account.username} out everywhere (${ended} session${ended === 1 ? '' : 's'})`,
    details: { userId: id, username: account.username, sessions: ended },
  });
  return ended;
}

/** The signed-in user's own change: the current password proves it is them; other devices are signed out. */
export async function changeOwnPassword(
  db: Database,
  acting: ActingRequest & { sessionId: string },
  currentPassword: string,
  newPassword: string,
  publicUrl: string,
): Promise<void> {
  const userId = acting.actor.userId!;
  const [user] = await db
    .select({ passwordHash: users.passwordHash, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new InvalidInputError('Your current password is not correct', {
      currentPassword: ['Your current password is not correct'],
    });
  }
  await assertPasswordAcceptable(db, newPassword, 'newPassword', { account: user, publicUrl });
  await setPassword(db, userId, newPassword);
  const ended = await endOtherSessions(db, userId, acting.sessionId);
  await enqueueSecurityEmail(db, userId, 'password-changed', eventOf(acting));
  await recordActivityBy(db, acting, {
    kind: 'password-changed',
    summary: `Changed own password (${ended} other session${ended === 1 ? '' : 's'} signed out)`,
    details: { otherSessionsEnded: ended },
  });
}

/**
 * Changes one's own email address, where security emails go. The old address is told (an attacker who
 * changed it would otherwise silence every later warning); other sessions are left alone, as the
 * address opens nothing by itself here.
 */
export async function changeOwnEmail(
  db: Database,
  acting: ActingRequest,
  email: string,
): Promise<StaffAccount> {
  const userId = acting.actor.userId!;
  const before = await getStaffAccount(db, userId);
  if (before.email === email) return before;
  const [sameEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (sameEmail && sameEmail.id !== userId)
    throw new ConflictError('That email is already used by another account');
  await db.update(users).set({ email, updatedAt: acting.at }).where(eq(users.id, userId));
  await enqueueSecurityEmail(db, userId, 'email-changed', eventOf(acting), {
    to: before.email,
    newEmail: email,
  });
  await recordActivityBy(db, acting, {
    kind: 'email-changed',
    summary: `Changed own email address from ${before.email} to ${email}`,
    details: { from: before.email, to: email },
  });
  return getStaffAccount(db, userId);
}

/**
 * For a locked-out owner (scripts/reset-password.ts): a new random password, the account enabled
 * again, every old session ended. Returns the password to show once.
 */
export async function recoverAccount(db: Database, username: string, publicUrl: string): Promise<string> {
  const user = await findUserByUsername(db, username);
  if (!user) throw new NotFoundError(`No account is called "${username}"`);
  // 144 random bits seldom spell a word of the site, but the rule holds for every password set.
  const words = (await contextWords(db, { account: user, publicUrl })).map(({ word }) => word);
  let password = generatePassword();
  while (words.some((word) => lettersOf(password).includes(word))) password = generatePassword();
  await setPassword(db, user.id, password);
  await db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
  await invalidateUserSessions(db, user.id);
  await enqueueSecurityEmail(db, user.id, 'password-changed', {
    at: new Date(),
    clientAddress: 'the server (command line)',
    userAgent: undefined,
  });
  await recordActivityBy(db, actingWithoutRequest({ userId: null, username: null }), {
    kind: 'user-password-reset',
    summary: `Set a new password for ${user.username} from the server's command line (and signed them out)`,
    details: { userId: user.id, username: user.username },
  });
  return password;
}

/** 18 random bytes, base64url: 24 characters, 144 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
