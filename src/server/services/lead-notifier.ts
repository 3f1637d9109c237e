// https://nodemailer.com/usage/ : the owner is emailed each new lead. The alert is a row written in the
// same transaction as the lead (an outbox): whichever instance is running delivers it, retries wait in
// the database, and nothing here can fail the visitor's request.
import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  contactSubmissions,
  leadNotifications,
  users,
  type ContactSubmission,
} from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/rows.ts';
import type { Logger } from '../logger.ts';
import { MailTransport } from './mail-transport.ts';
import type { SiteSettings } from '../../shared/schemas/settings.ts';
import { getSettings } from './settings.ts';
import { defaultOutboxOptions, nextAttemptAt, Outbox, type OutboxOptions } from '../background/outbox.ts';

export interface LeadNotifierOptions extends OutboxOptions {
  smtpUrl: string | undefined;
  publicUrl: string;
}

export const defaultLeadNotifierOptions = {
  ...defaultOutboxOptions,
  pollIntervalMs: 5_000,
} satisfies Partial<LeadNotifierOptions>;

interface ClaimedAlert {
  id: number;
  submissionId: number;
  attempts: number;
}

type Executor = Pick<Database, 'insert'>;

/**
 * Records that the owner is to be alerted of this lead. Called inside the transaction that stores the
 * lead, so a lead never exists without its alert; at most one alert per lead.
 */
export async function enqueueLeadAlert(tx: Executor, submissionId: number): Promise<void> {
  await tx
    .insert(leadNotifications)
    .values({ submissionId, status: 'pending' })
    .onConflictDoNothing({ target: leadNotifications.submissionId });
}

export function leadEmail(submission: ContactSubmission, settings: SiteSettings, publicUrl: string) {
  const name = `${submission.firstName} ${submission.lastName}`;
  const service = submission.service ?? 'General enquiry';
  const lines = [
    `New request from the website of ${settings.companyName}.`,
    '',
    `Name:     ${name}`,
    `Email:    ${submission.email}`,
    `Phone:    ${submission.phone ?? '(not given)'}`,
    `Service:  ${service}`,
    `Received: ${submission.createdAt.toISOString()}`,
    '',
    'Message:',
    submission.message,
    '',
    `Open it in the leads inbox: ${publicUrl}/admin?tab=leads&lead=${submission.id}`,
  ];
  return {
    subject: `New lead: ${name} (${service})`,
    text: lines.join('\n'),
    replyTo: submission.email,
  };
}

/**
 * Where new-lead alerts go: the address set in Settings, or until there is one, the email of the first
 * active admin account. An address under `.invalid` (the placeholder a first start gives the admin it
 * creates, a name that can never receive mail) does not count. Null: nowhere to send.
 */
export async function alertRecipient(
  db: Database,
  settings: Pick<SiteSettings, 'adminEmail'> | undefined = undefined,
): Promise<string | null> {
  const configured = (settings ?? (await getSettings(db))).adminEmail?.trim();
  if (configured) return configured;
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.isActive, true),
        not(sql`lower(${users.email}) like '%.invalid'`),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return admin?.email ?? null;
}

/**
 * Delivers the alerts waiting in lead_notifications. Each is claimed with FOR UPDATE SKIP LOCKED and a
 * lease, so with several instances exactly one sends it; a failed send waits in the row for its next
 * try; an alert claimed by an instance that died is taken over once the lease runs out. Every email of
 * one lead carries the same Message-ID, so the rare resend after such a death is recognisable.
 */
export class LeadNotifier extends Outbox<ClaimedAlert> {
  private mail: MailTransport | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: LeadNotifierOptions,
    private readonly log: Logger,
  ) {
    super(options.pollIntervalMs, (error) =>
      log.warn({ err: error }, 'lead alerts could not be delivered now'),
    );
  }

  /**
   * Resolves once no alert is pending any more, waiting for retries to come due (tests, and a caller
   * that wants the outcome).
   */
  async idle(): Promise<void> {
    for (;;) {
      await this.settled();
      const [row] = rowsOf<{ wait_ms: number }>(
        await this.db.execute(
          sql`select greatest(0, extract(epoch from (
                min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) - now())) * 1000)::int
                as wait_ms
              from lead_notifications where status = 'pending' having count(*) > 0`,
        ),
      );
      if (!row || this.isStopped) return;
      await new Promise((resolve) => setTimeout(resolve, row.wait_ms));
      await this.deliverDue();
    }
  }

  protected async claim(): Promise<ClaimedAlert | undefined> {
    const row = await this.claimDueRow<{ id: number; submission_id: number; attempts: number }>(
      this.db,
      leadNotifications,
      { leaseMs: this.options.leaseMs, columns: ['id', 'submission_id', 'attempts'] },
    );
    return row && { id: row.id, submissionId: row.submission_id, attempts: row.attempts };
  }

  protected async deliver(claimed: ClaimedAlert): Promise<void> {
    const finish = (values: Partial<typeof leadNotifications.$inferInsert>) =>
      this.db
        .update(leadNotifications)
        .set({ leaseUntil: null, ...values, updatedAt: new Date() })
        .where(eq(leadNotifications.id, claimed.id));
    const [submission] = await this.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, claimed.submissionId));
    // Deleted meanwhile: its alert row went with it. Moved to the Trash: the owner has seen it already.
    if (!submission || submission.deletedAt) return;
    const settings = await getSettings(this.db);
    const email = leadEmail(submission, settings, this.options.publicUrl);
    const recipient = await alertRecipient(this.db, settings);

    if (!settings.emailNotifications || !recipient) {
      this.log.info(
        { submissionId: submission.id, subject: email.subject },
        'new lead (email alerts are off or no admin email is set)',
      );
      await finish({ status: 'skipped', recipient });
      return;
    }
    if (!this.options.smtpUrl) {
      this.log.info(
        { submissionId: submission.id, to: recipient, subject: email.subject, text: email.text },
        'new lead (no SMTP_URL: alert logged, not emailed)',
      );
      await finish({ status: 'logged', recipient });
      return;
    }

    this.mail ??= new MailTransport(this.options.smtpUrl);
    try {
      await this.mail.send({
        from: `"${settings.companyName.replace(/"/g, '')} website" <${recipient}>`,
        to: recipient,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        messageId: `<lead-${submission.id}@${new URL(this.options.publicUrl).hostname}>`,
      });
      await finish({ status: 'sent', recipient, sentAt: new Date(), lastError: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn(
        { submissionId: submission.id, attempt: claimed.attempts, err: message },
        'lead alert email failed',
      );
      const lastError = message.slice(0, 1_000);
      const retryAt = nextAttemptAt(claimed.attempts, this.options, new Date());
      await finish(
        retryAt
          ? { recipient, lastError, nextAttemptAt: retryAt }
          : { status: 'failed', recipient, lastError },
      );
    }
  }
}
