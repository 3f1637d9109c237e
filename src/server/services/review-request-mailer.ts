// https://nodemailer.com/usage/ : review requests and their one reminder, sent from an outbox
// (background/outbox.ts) as the new-lead alerts are: each email is a row written with its request,
// claimed with a lease by whichever instance runs, retried from the row, taken over when an instance
// dies. A reminder is simply a row not due for four days; it is dropped when its day comes if the
// customer reviewed, unsubscribed or the first email bounced.
import { eq, sql } from 'drizzle-orm';
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
import { defaultOutboxOptions, nextAttemptAt, Outbox, type OutboxOptions } from '../background/outbox.ts';
import { MailTransport } from './mail-transport.ts';
import { getSettings } from './settings.ts';
import { alertRecipient } from './lead-notifier.ts';
import { formatJobMonth } from './review-requests.ts';

export interface ReviewRequestMailerOptions extends OutboxOptions {
  smtpUrl: string | undefined;
  publicUrl: string;
  /** What time it is: the reminder's day, the six months and the link's 30 days are counted on it. */
  clock: () => Date;
}

export const defaultReviewRequestMailerOptions = {
  ...defaultOutboxOptions,
  // Reminders are due days ahead: a minute late is no matter.
  pollIntervalMs: 60_000,
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

export class ReviewRequestMailer extends Outbox<ClaimedEmail> {
  private mail: MailTransport | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: ReviewRequestMailerOptions,
    private readonly log: Logger,
  ) {
    super(options.pollIntervalMs, (error) =>
      log.warn({ err: error }, 'review requests could not be sent now'),
    );
  }

  /** The time requests, reminders and links are counted by. */
  now(): Date {
    return this.options.clock();
  }

  protected async claim(): Promise<ClaimedEmail | undefined> {
    const row = await this.claimDueRow<{
      id: number;
      request_id: number;
      kind: ReviewRequestEmailKind;
      attempts: number;
      review_token: string | null;
      unsubscribe_token: string | null;
    }>(this.db, reviewRequestEmails, {
      leaseMs: this.options.leaseMs,
      now: this.now(),
      columns: ['id', 'request_id', 'kind', 'attempts', 'review_token', 'unsubscribe_token'],
    });
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

  protected async deliver(claimed: ClaimedEmail): Promise<void> {
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
    this.mail ??= new MailTransport(this.options.smtpUrl);
    try {
      await this.mail.send({
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
      const retryAt = nextAttemptAt(claimed.attempts, this.options, this.now());
      await finish(
        retryAt
          ? { lastError: message, nextAttemptAt: retryAt }
          : { status: 'failed', lastError: message, ...done },
      );
    }
  }
}
