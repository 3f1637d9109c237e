// https://nodemailer.com/usage/ : the owner is emailed each new lead. The lead is stored before any of
// this runs, and nothing here can fail the visitor's request.
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../../db/client.ts';
import { leadNotifications, type ContactSubmission } from '../../../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import type { SiteSettings } from '../../shared/schemas/settings.ts';

export interface LeadNotifierOptions {
  smtpUrl: string | undefined;
  publicUrl: string;
  /** Tries per lead before it is recorded as failed. */
  maxAttempts: number;
  /** Wait before the second try; doubled for each further one. */
  firstRetryDelayMs: number;
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

export class LeadNotifier {
  private readonly running = new Set<Promise<void>>();
  private transporter: Transporter | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: LeadNotifierOptions,
    private readonly log: Logger,
  ) {}

  /** Records the alert and sends it in the background; returns at once. */
  notify(submission: ContactSubmission, settings: SiteSettings): void {
    const task = this.deliver(submission, settings).catch((error) => {
      this.log.warn({ err: error, submissionId: submission.id }, 'lead alert could not be recorded');
    });
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /** Resolves once every alert under way has ended (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private async deliver(submission: ContactSubmission, settings: SiteSettings): Promise<void> {
    const email = leadEmail(submission, settings, this.options.publicUrl);
    const recipient = settings.adminEmail || null;
    const [record] = await this.db
      .insert(leadNotifications)
      .values({ submissionId: submission.id, recipient, status: 'pending' })
      .returning();
    const finish = (values: Partial<typeof leadNotifications.$inferInsert>) =>
      this.db
        .update(leadNotifications)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(leadNotifications.id, record!.id));

    if (!settings.emailNotifications || !recipient) {
      this.log.info(
        { submissionId: submission.id, subject: email.subject },
        'new lead (email alerts are off or no admin email is set)',
      );
      await finish({ status: 'skipped' });
      return;
    }
    if (!this.options.smtpUrl) {
      this.log.info(
        { submissionId: submission.id, to: recipient, subject: email.subject, text: email.text },
        'new lead (no SMTP_URL: alert logged, not emailed)',
      );
      await finish({ status: 'logged' });
      return;
    }

    this.transporter ??= nodemailer.createTransport(this.options.smtpUrl);
    let delay = this.options.firstRetryDelayMs;
    for (let attempt = 1; attempt <= this.options.maxAttempts; attempt++) {
      try {
        await this.transporter.sendMail({
          from: `"${settings.companyName.replace(/"/g, '')} website" <${recipient}>`,
          to: recipient,
          replyTo: email.replyTo,
          subject: email.subject,
          text: email.text,
        });
        await finish({ status: 'sent', attempts: attempt, sentAt: new Date(), lastError: null });
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await finish({ attempts: attempt, lastError: message.slice(0, 1_000) });
        this.log.warn({ submissionId: submission.id, attempt, err: message }, 'lead alert email failed');
        if (attempt === this.options.maxAttempts) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay *= 2;
      }
    }
    await finish({ status: 'failed' });
  }
}
