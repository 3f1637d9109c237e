// https://nodemailer.com/usage/ : review requests and their one reminder, sent from an outbox as the
// new-lead alerts are (lead-notifier.ts): each email is a row written with its request, claimed with a
// lease by whichever instance runs, retried from the row, taken over when an instance dies. A reminder
// is simply a row not due for four days; it is dropped when its day comes if the customer reviewed,
// unsubscribed or the first email bounced.
import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../../db/client.ts';
import {
  reviewRequestEmails,
  reviewRequests,
  type ReviewRequestEmailKind,
} from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/rows.ts';
import type { Logger } from '../logger.ts';
import type { SiteSettings } from '../../shared/schemas/settings.ts';
import { formatAddressLine } from '../../shared/postal-address.ts';
import { CoalescedRun } from '../background/coalesced-run.ts';
import { nodemailerModule } from './modules-on-first-use.ts';
import { getSettings } from './settings.ts';
import { alertRecipient } from './lead-notifier.ts';
import { formatJobMonth } from './review-requests.ts';

export interface ReviewRequestMailerOptions {
  smtpUrl: string | undefined;
  publicUrl: string;
  maxAttempts: number;
  firstRetryDelayMs: number;
  pollIntervalMs: number;
  leaseMs: number;
  /** What time it is: the reminder's day, the six months and the link's 30 days are counted on it. */
  clock: () => Date;
}

export const defaultReviewRequestMailerOptions = {
  maxAttempts: 5,
  firstRetryDelayMs: 2_000,
  // Reminders are due days ahead: a minute late is no matter.
  pollIntervalMs: 60_000,
  leaseMs: 60_000,
  clock: () => new Date(),
} satisfies Partial<ReviewRequestMailerOptions>;

interface ClaimedEmail {
  id: number;
  requestId: number;
  kind: ReviewRequestEmailKind;
  attempts: number;
  reviewToken: string | null;
  unsubscribeToken: string | null;
}

export interface ReviewRequestEmailContent {
  subject: string;
  text: string;
}

/**
 * The email, the same for every customer whatever they thought of the job: both links, the company's
 * postal address and the unsubscribe link.
 */
export function reviewRequestEmail(
  request: { name: string; jobMonth: string; town: string | null },
  kind: ReviewRequestEmailKind,
  links: { review: string; unsubscribe: string },
  settings: SiteSettings,
): ReviewRequestEmailContent {
  const job = `${request.town ? `in ${request.town} ` : ''}in ${formatJobMonth(request.jobMonth)}`;
  const address = formatAddressLine(settings);
  const lines = [
    `Hello ${request.name},`,
    '',
    kind === 'reminder'
      ? `A few days ago we asked how our plumbing work ${job} went. If you have a minute, we would still like to hear it.`
      : `Thank you for choosing ${settings.companyName} for your plumbing work ${job}. Would you tell others how it went? Good or bad, we would like to hear it.`,
    '',
    ...(settings.googleReviewUrl ? ['Review us on Google:', settings.googleReviewUrl, ''] : []),
    `Leave a review on our website${settings.googleReviewUrl ? ' instead' : ''} (your link works for 30 days):`,
    links.review,
    '',
    kind === 'reminder' ? 'This is the only reminder we send.' : 'We will remind you once at most.',
    '',
    settings.companyName,
    ...(address ? [address] : []),
    settings.phoneNumber,
    '',
    `Never want review requests from us again? ${links.unsubscribe}`,
  ];
  return {
    subject:
      kind === 'reminder'
        ? `Reminder: how did we do? (${settings.companyName})`
        : `How did we do? A review for ${settings.companyName}`,
    text: lines.join('\n'),
  };
}

/** A permanent refusal by the receiving server (a 5xx reply): the address does not take mail. */
function isBounce(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export class ReviewRequestMailer {
  private transporter: Transporter | undefined;
  private readonly draining = new CoalescedRun(
    () => this.drain(),
    (error) => this.log.warn({ err: error }, 'review requests could not be sent now'),
  );
  private poll: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: ReviewRequestMailerOptions,
    private readonly log: Logger,
  ) {}

  /** The time requests, reminders and links are counted by. */
  now(): Date {
    return this.options.clock();
  }

  start(): void {
    this.poll = setInterval(() => this.wake(), this.options.pollIntervalMs).unref();
    this.wake();
  }

  /** Stops looking; an email being sent is finished first. What is left stays pending for later. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    await this.draining.settled();
  }

  /** Sends what is due now (after a request is committed) rather than at the next poll. */
  wake(): void {
    if (!this.stopped) this.draining.request();
  }

  /** Sends every email due now, and resolves when that is done. */
  async deliverDue(): Promise<void> {
    this.wake();
    await this.draining.settled();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.claim();
      if (!claimed) return;
      await this.deliver(claimed);
    }
  }

  private async claim(): Promise<ClaimedEmail | undefined> {
    const now = this.now().toISOString();
    const [row] = rowsOf<{
      id: number;
      request_id: number;
      kind: ReviewRequestEmailKind;
      attempts: number;
      review_token: string | null;
      unsubscribe_token: string | null;
    }>(
      await this.db.execute(sql`
        update review_request_emails
        set lease_until = ${now}::timestamptz + make_interval(secs => ${this.options.leaseMs / 1000}),
            attempts = attempts + 1, updated_at = ${now}::timestamptz
        where id = (
          select id from review_request_emails
          where status = 'pending' and next_attempt_at <= ${now}::timestamptz
            and (lease_until is null or lease_until < ${now}::timestamptz)
          order by next_attempt_at, id
          limit 1
          for update skip locked
        )
        returning id, request_id, kind, attempts, review_token, unsubscribe_token`),
    );
    return (
      row && {
        id: row.id,
        requestId: row.request_id,
        kind: row.kind,
        attempts: row.attempts,
        reviewToken: row.review_token,
        unsubscribeToken: row.unsubscribe_token,
      }
    );
  }

  /** Why this email is no longer to be sent, or null to send it. */
  private async reasonToSkip(claimed: ClaimedEmail, request: { email: string; reviewedAt: Date | null }) {
    const [state] = rowsOf<{ unsubscribed: boolean; first_status: string | null }>(
      await this.db.execute(sql`
        select
          exists (select 1 from review_request_unsubscribes where email = ${request.email.toLowerCase()}) as unsubscribed,
          (select status from review_request_emails where request_id = ${claimed.requestId} and kind = 'request') as first_status`),
    );
    if (state?.unsubscribed) return 'unsubscribed';
    if (claimed.kind === 'reminder') {
      if (request.reviewedAt) return 'reviewed already';
      if (state?.first_status !== 'sent' && state?.first_status !== 'logged')
        return 'the first email did not go';
    }
    return null;
  }

  private async deliver(claimed: ClaimedEmail): Promise<void> {
    const finish = (values: Partial<typeof reviewRequestEmails.$inferInsert>) =>
      this.db
        .update(reviewRequestEmails)
        .set({ leaseUntil: null, ...values, updatedAt: this.now() })
        .where(eq(reviewRequestEmails.id, claimed.id));
    // The email is no longer needed, or has gone: its links' tokens are no longer kept in clear.
    const done = { reviewToken: null, unsubscribeToken: null };
    const [request] = await this.db
      .select()
      .from(reviewRequests)
      .where(eq(reviewRequests.id, claimed.requestId));
    if (!request) return; // deleted meanwhile: its emails went with it
    const skip = await this.reasonToSkip(claimed, request);
    if (skip || !claimed.reviewToken || !claimed.unsubscribeToken) {
      this.log.info(
        { requestId: request.id, kind: claimed.kind, reason: skip },
        'review request email not sent',
      );
      await finish({ status: 'skipped', lastError: skip, ...done });
      return;
    }
    const settings = await getSettings(this.db);
    const links = {
      review: `${this.options.publicUrl}/review/${claimed.reviewToken}`,
      unsubscribe: `${this.options.publicUrl}/unsubscribe/${claimed.unsubscribeToken}`,
    };
    const email = reviewRequestEmail(request, claimed.kind, links, settings);
    if (!this.options.smtpUrl) {
      this.log.info(
        { requestId: request.id, to: request.email, subject: email.subject, text: email.text },
        'review request (no SMTP_URL: logged, not emailed)',
      );
      await finish({ status: 'logged', ...done });
      return;
    }
    const sender = settings.email.trim() || (await alertRecipient(this.db, settings));
    const host = new URL(this.options.publicUrl).hostname;
    this.transporter ??= (await nodemailerModule.get()).createTransport(this.options.smtpUrl);
    try {
      await this.transporter.sendMail({
        from: `"${settings.companyName.replace(/"/g, '')}" <${sender ?? `reviews@${host}`}>`,
        to: request.email,
        subject: email.subject,
        text: email.text,
        messageId: `<review-request-${request.id}-${claimed.kind}@${host}>`,
        headers: {
          // Mail programs offer their own unsubscribe button for it (RFC 2369, RFC 8058).
          'List-Unsubscribe': `<${links.unsubscribe}>`,
        },
      });
      await finish({ status: 'sent', sentAt: this.now(), lastError: null, ...done });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
      this.log.warn(
        { requestId: request.id, kind: claimed.kind, attempt: claimed.attempts, err: message },
        'review request email failed',
      );
      if (isBounce(error)) {
        await finish({ status: 'bounced', lastError: message, ...done });
        return;
      }
      if (claimed.attempts >= this.options.maxAttempts) {
        await finish({ status: 'failed', lastError: message, ...done });
        return;
      }
      const waitMs = this.options.firstRetryDelayMs * 2 ** (claimed.attempts - 1);
      await finish({ lastError: message, nextAttemptAt: new Date(this.now().getTime() + waitMs) });
    }
  }
}
