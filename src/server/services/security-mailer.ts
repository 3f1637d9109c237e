// A person is told by email of what happened to their account. Each email is a row written beside the
// change (an outbox, as lead alerts are, run by background/outbox.ts): whichever instance is running
// sends it, retries wait in the database, and nothing here can fail the request that caused it.
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { knownBrowsers, securityEmails, users } from '../../../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { defaultOutboxOptions, nextAttemptAt, Outbox, type OutboxOptions } from '../background/outbox.ts';
import { describeUserAgent } from './device-names.ts';
import { MailTransport } from './mail-transport.ts';
import { getSettings } from './settings.ts';

export const securityEmailKinds = [
  'new-browser',
  'password-changed',
  'two-step-disabled',
  'recovery-code-used',
  'passkey-added',
  'email-changed',
] as const;
export type SecurityEmailKind = (typeof securityEmailKinds)[number];

/** When and where it happened, as the email says it. */
export interface SecurityEvent {
  at: Date;
  clientAddress: string | undefined;
  userAgent: string | undefined;
}

type Executor = Pick<Database, 'insert'>;

/** What else an email names: the passkey added, or the new address (sent to the old one, in `to`). */
export interface SecurityEmailAbout {
  passkey?: string;
  newEmail?: string;
  /** The address to send to, when not the account's address at the time of sending. */
  to?: string;
}

/** Queues an email to the account's address; the mailer sends it shortly after. */
export async function enqueueSecurityEmail(
  db: Executor,
  userId: number,
  kind: SecurityEmailKind,
  event: SecurityEvent,
  about: SecurityEmailAbout = {},
): Promise<void> {
  await db.insert(securityEmails).values({
    userId,
    kind,
    details: {
      at: event.at.toISOString(),
      address: event.clientAddress ?? null,
      browser: describeUserAgent(event.userAgent),
      ...about,
    },
  });
}

/** A random id for the long-lived cookie that tells this browser apart, and the hash kept of it. */
export function newBrowserId(): string {
  return randomBytes(20).toString('base64url');
}

const browserHash = (browserId: string) => createHash('sha256').update(browserId).digest('hex');

/**
 * Remembers that this account signed in from this browser; answers whether it had not before. A
 * browser without the cookie (or with one never seen for this account) is new.
 */
export async function rememberBrowser(
  db: Database,
  userId: number,
  browserId: string,
  now: Date,
): Promise<boolean> {
  const [known] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(knownBrowsers)
    .where(eq(knownBrowsers.userId, userId));
  const added = await db
    .insert(knownBrowsers)
    .values({ userId, browserHash: browserHash(browserId), firstSeenAt: now })
    .onConflictDoNothing()
    .returning({ userId: knownBrowsers.userId });
  // An account's very first browser is where it was set up: nothing to tell.
  return added.length === 1 && (known?.count ?? 0) > 0;
}

const subjects: Record<SecurityEmailKind, string> = {
  'new-browser': 'New sign-in to your account',
  'password-changed': 'Your password was changed',
  'two-step-disabled': 'Two-step sign-in was turned off',
  'recovery-code-used': 'A recovery code was used to sign in',
  'passkey-added': 'A passkey was added to your account',
  'email-changed': 'The email address of your account was changed',
};

const happenings: Record<SecurityEmailKind, string> = {
  'new-browser': 'Your account was signed in to from a browser it had not used before.',
  'password-changed': 'The password of your account was changed.',
  'two-step-disabled': 'Two-step sign-in was turned off for your account: the password alone now opens it.',
  'recovery-code-used': 'One of your recovery codes was used to sign in; every other session was signed out.',
  'passkey-added':
    'A passkey was added to your account: it now signs in without the password. Every other session was signed out.',
  'email-changed':
    'The email address of your account was changed: security emails now go to the new address, not to this one.',
};

/** What to do first when it was not them, where the change itself must be undone. */
const firstSteps: Partial<Record<SecurityEmailKind, string>> = {
  'passkey-added':
    'Remove that passkey under Account, Passkeys, first: it opens the account without a password.',
  'email-changed': 'Change the address back under Account: until then, these emails go to the new one.',
};

export function securityEmail(
  kind: SecurityEmailKind,
  details: Record<string, string | null>,
  username: string,
  companyName: string,
  publicUrl: string,
) {
  const text = [
    `Hello ${username},`,
    '',
    happenings[kind],
    '',
    `When:    ${details.at ?? ''} (UTC)`,
    `From:    ${details.address ?? 'unknown address'}`,
    `Browser: ${details.browser ?? 'unknown browser'}`,
    ...(details.passkey ? [`Passkey: ${details.passkey}`] : []),
    ...(details.newEmail ? [`New address: ${details.newEmail}`] : []),
    '',
    'If this was you, there is nothing to do.',
    'If it was not you: sign in at once, change your password under Account, press "Sign out everywhere',
    'else", and turn on two-step sign-in (or set it up again).',
    ...(firstSteps[kind] ? [firstSteps[kind]] : []),
    'If you cannot sign in, ask the site owner to reset your password.',
    `Sign in: ${publicUrl}/admin-login`,
    '',
    `${companyName} website`,
  ].join('\n');
  return { subject: `${subjects[kind]} (${companyName})`, text };
}

export interface SecurityMailerOptions extends OutboxOptions {
  smtpUrl: string | undefined;
  publicUrl: string;
}

export const defaultSecurityMailerOptions = {
  ...defaultOutboxOptions,
  pollIntervalMs: 5_000,
} satisfies Partial<SecurityMailerOptions>;

interface ClaimedEmail {
  id: number;
  userId: number;
  kind: SecurityEmailKind;
  details: Record<string, string | null>;
  attempts: number;
}

/**
 * Sends the queued security emails on the shared outbox runner: each is claimed with FOR UPDATE SKIP
 * LOCKED and a lease, so with several instances exactly one sends it, and one claimed by an instance
 * that died is taken over once its lease runs out.
 */
export class SecurityMailer extends Outbox<ClaimedEmail> {
  private mail: MailTransport | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: SecurityMailerOptions,
    private readonly log: Logger,
  ) {
    super(options.pollIntervalMs, (error) =>
      log.warn({ err: error }, 'security emails could not be sent now'),
    );
  }

  protected async claim(): Promise<ClaimedEmail | undefined> {
    const row = await this.claimDueRow<{
      id: number;
      user_id: number;
      kind: SecurityEmailKind;
      details: Record<string, string | null> | string;
      attempts: number;
    }>(this.db, securityEmails, {
      leaseMs: this.options.leaseMs,
      hasUpdatedAt: false,
      columns: ['id', 'user_id', 'kind', 'details', 'attempts'],
    });
    if (!row) return undefined;
    // postgres.js parses jsonb; PGlite may hand it over as text.
    const details =
      typeof row.details === 'string'
        ? (JSON.parse(row.details) as Record<string, string | null>)
        : row.details;
    return { id: row.id, userId: row.user_id, kind: row.kind, details, attempts: row.attempts };
  }

  protected async deliver(claimed: ClaimedEmail): Promise<void> {
    const finish = (values: Partial<typeof securityEmails.$inferInsert>) =>
      this.db
        .update(securityEmails)
        .set({ leaseUntil: null, ...values })
        .where(eq(securityEmails.id, claimed.id));
    const [user] = await this.db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, claimed.userId));
    if (!user) return; // deleted meanwhile: its emails went with it
    // An email about a changed address goes to the address it was changed from.
    const to = claimed.details.to ?? user.email;
    const settings = await getSettings(this.db);
    const email = securityEmail(
      claimed.kind,
      claimed.details,
      user.username,
      settings.companyName,
      this.options.publicUrl,
    );
    if (!this.options.smtpUrl) {
      this.log.info(
        { to, subject: email.subject, text: email.text },
        'security email (no SMTP_URL: logged, not emailed)',
      );
      await finish({ status: 'logged', recipient: to });
      return;
    }
    this.mail ??= new MailTransport(this.options.smtpUrl);
    try {
      await this.mail.send({
        from: `"${settings.companyName.replace(/"/g, '')} website" <${settings.adminEmail || to}>`,
        to,
        subject: email.subject,
        text: email.text,
        messageId: `<security-${claimed.id}@${new URL(this.options.publicUrl).hostname}>`,
      });
      await finish({ status: 'sent', recipient: to, sentAt: new Date(), lastError: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn(
        { emailId: claimed.id, attempt: claimed.attempts, err: message },
        'security email failed',
      );
      const lastError = message.slice(0, 1_000);
      const retryAt = nextAttemptAt(claimed.attempts, this.options, new Date());
      await finish(
        retryAt
          ? { recipient: to, lastError, nextAttemptAt: retryAt }
          : { status: 'failed', recipient: to, lastError },
      );
    }
  }
}
