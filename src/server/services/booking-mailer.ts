// https://nodemailer.com/message/calendar-events/ : the emails of online booking, sent from an outbox
// (background/outbox.ts) as lead alerts and review requests are: each email is a row written in the
// transaction that changed the booking, claimed with a lease by whichever instance runs, retried from
// the row. The day-before reminder is a row due at 9:00 company time the day before; it moves with
// the visit and is dropped when the visit is off, so it goes at most once.
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { bookingEmails, bookings, type Booking, type BookingEmailKind } from '../../../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import type { SiteSettings } from '../../shared/schemas/settings.ts';
import { defaultOutboxOptions, nextAttemptAt, Outbox, type OutboxOptions } from '../background/outbox.ts';
import { MailTransport } from './mail-transport.ts';
import { getSettings } from './settings.ts';
import { alertRecipient } from './lead-notifier.ts';
import { bookableServices } from './booking-catalog.ts';
import { photosOfBookings } from './booking-photos.ts';
import {
  calendarFeedVisits,
  formatDay,
  formatTime,
  formatWindow,
  PLACE_HOLDING_STATUSES,
  reminderDueAt,
} from './bookings.ts';
import { calendarFile, type CalendarVisit } from './booking-calendar.ts';

export interface BookingMailerOptions extends OutboxOptions {
  smtpUrl: string | undefined;
  publicUrl: string;
  /** What time it is: reminders come due by it. */
  clock: () => Date;
}

export const defaultBookingMailerOptions = {
  ...defaultOutboxOptions,
  pollIntervalMs: 15_000,
  clock: () => new Date(),
} satisfies Partial<BookingMailerOptions>;

interface ClaimedEmail {
  id: number;
  bookingId: number;
  kind: BookingEmailKind;
  attempts: number;
  icsSequence: number;
  start: string | null;
  end: string | null;
  manageToken: string | null;
  nextAttemptAt: Date;
}

export interface BookingEmailContent {
  to: 'customer' | 'owner';
  subject: string;
  text: string;
  /** The calendar file and its METHOD, for the customer's emails that carry one. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

/** What the email of this kind says about this booking. */
export function bookingEmail(
  /** `photos`: how many the visitor sent, said in the owner's alert. */
  booking: Booking & { photos?: number },
  email: Pick<ClaimedEmail, 'kind' | 'icsSequence' | 'start' | 'end' | 'manageToken'>,
  settings: SiteSettings,
  serviceTitle: string,
  links: { publicUrl: string; host: string; sender: string },
  now: Date,
): BookingEmailContent {
  const when = `${formatDay(booking.day)}, arriving between ${formatWindow(booking.start, booking.end)}`;
  const manage = email.manageToken ? `${links.publicUrl}/booking/${email.manageToken}` : null;
  const visit: CalendarVisit = {
    id: booking.id,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    sequence: email.icsSequence,
    summary: `${settings.companyName}: ${serviceTitle}`,
    description: `Plumber arriving between ${formatWindow(booking.start, booking.end)}. Questions or changes: ${settings.phoneNumber}`,
    location: booking.address,
    cancelled: email.kind === 'cancellation' || email.kind === 'declined',
    tentative: booking.status === 'requested',
    attendee: { name: booking.name, email: booking.email },
  };
  const organizer = { name: settings.companyName, email: links.sender };
  const invitation = (method: 'REQUEST' | 'CANCEL') => ({
    method,
    content: calendarFile(method, [visit], organizer, links.host, now),
  });
  const closing = ['', settings.companyName, settings.phoneNumber];
  const manageLines = manage ? ['', `See, reschedule or cancel your visit: ${manage}`] : [];
  switch (email.kind) {
    case 'confirmation':
      return {
        to: 'customer',
        subject:
          booking.status === 'confirmed'
            ? `Confirmed: ${serviceTitle} on ${formatDay(booking.day)}`
            : `We have your booking: ${serviceTitle} on ${formatDay(booking.day)}`,
        text: [
          `Hello ${booking.name},`,
          '',
          booking.status === 'confirmed'
            ? `Your visit is confirmed: ${when}.`
            : `Thank you for booking ${serviceTitle}: ${when}. We will confirm it shortly.`,
          `Address: ${booking.address}`,
          ...manageLines,
          ...closing,
        ].join('\n'),
        calendar: invitation('REQUEST'),
      };
    case 'changed':
      return {
        to: 'customer',
        subject: `New time: ${serviceTitle} on ${formatDay(booking.day)}`,
        text: [
          `Hello ${booking.name},`,
          '',
          `Your visit has moved: ${when}.`,
          'The calendar file attached updates the visit in your calendar.',
          ...closing,
        ].join('\n'),
        calendar: invitation('REQUEST'),
      };
    case 'cancellation':
    case 'declined':
      return {
        to: 'customer',
        subject: `Cancelled: ${serviceTitle} on ${formatDay(booking.day)}`,
        text: [
          `Hello ${booking.name},`,
          '',
          email.kind === 'declined'
            ? `We are sorry: we cannot come on ${formatDay(booking.day)}.${booking.declineReason ? ` ${booking.declineReason}` : ''}`
            : `Your visit of ${when} is cancelled.`,
          `Call us at ${settings.phoneNumber} to find another time.`,
          ...closing,
        ].join('\n'),
        calendar: invitation('CANCEL'),
      };
    case 'running-late':
      return {
        to: 'customer',
        subject: `Running late: now arriving between ${formatWindow(email.start ?? booking.start, email.end ?? booking.end)}`,
        text: [
          `Hello ${booking.name},`,
          '',
          `Our plumber is running late. New arrival window: ${formatDay(booking.day)}, arriving between ${formatWindow(email.start ?? booking.start, email.end ?? booking.end)}.`,
          'We are sorry for the wait.',
          ...closing,
        ].join('\n'),
      };
    case 'reminder':
      return {
        to: 'customer',
        subject: `Reminder: ${serviceTitle} tomorrow, arriving between ${formatWindow(booking.start, booking.end)}`,
        text: [
          `Hello ${booking.name},`,
          '',
          `A reminder of your visit: ${when}.`,
          ...manageLines,
          ...closing,
        ].join('\n'),
      };
    case 'owner-alert':
      return {
        to: 'owner',
        subject: `New booking: ${booking.name}, ${formatDay(booking.day)} ${formatTime(booking.start)}`,
        text: [
          `New online booking on the website of ${settings.companyName}.`,
          '',
          `Visit:   ${when}`,
          `Service: ${serviceTitle}`,
          `Name:    ${booking.name}`,
          `Phone:   ${booking.phone}`,
          `Email:   ${booking.email}`,
          `Address: ${booking.address} (${booking.zip})`,
          ...(booking.notes ? ['', 'Notes:', booking.notes] : []),
          ...(booking.photos
            ? ['', `Photos: ${booking.photos} sent with the booking, shown with it in the Bookings tab`]
            : []),
          '',
          `Confirm or decline it: ${links.publicUrl}/admin?tab=bookings&booking=${booking.id}`,
        ].join('\n'),
      };
  }
}

/** The owner's calendar feed: every visit from a week ago on, read-only (METHOD:PUBLISH). */
export async function ownerCalendarFeed(db: Database, publicUrl: string, now: Date): Promise<string> {
  const settings = await getSettings(db);
  const host = new URL(publicUrl).hostname;
  const visits = await calendarFeedVisits(db, now);
  return calendarFile(
    'PUBLISH',
    visits.map((visit) => ({
      id: visit.id,
      startsAt: new Date(visit.startsAt),
      endsAt: new Date(visit.endsAt),
      sequence: 0,
      summary: `${visit.serviceTitle}: ${visit.name}${visit.status === 'requested' ? ' (to confirm)' : ''}`,
      description: [
        `Phone: ${visit.phone}`,
        `Email: ${visit.email}`,
        visit.notes ? `Notes: ${visit.notes}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      location: visit.address,
      cancelled: visit.status === 'cancelled' || visit.status === 'declined',
      tentative: visit.status === 'requested',
    })),
    { name: settings.companyName, email: settings.email.trim() || `bookings@${host}` },
    host,
    now,
    `${settings.companyName} visits`,
  );
}

export class BookingMailer extends Outbox<ClaimedEmail> {
  private mail: MailTransport | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: BookingMailerOptions,
    private readonly log: Logger,
  ) {
    super(options.pollIntervalMs, (error) =>
      log.warn({ err: error }, 'booking emails could not be sent now'),
    );
  }

  now(): Date {
    return this.options.clock();
  }

  protected async claim(): Promise<ClaimedEmail | undefined> {
    const row = await this.claimDueRow<{
      id: number;
      booking_id: number;
      kind: BookingEmailKind;
      attempts: number;
      ics_sequence: number;
      start: string | null;
      end: string | null;
      manage_token: string | null;
      next_attempt_at: string | Date;
    }>(this.db, bookingEmails, {
      leaseMs: this.options.leaseMs,
      now: this.now(),
      columns: [
        'id',
        'booking_id',
        'kind',
        'attempts',
        'ics_sequence',
        'start',
        'end',
        'manage_token',
        'next_attempt_at',
      ],
    });
    return (
      row && {
        id: row.id,
        bookingId: row.booking_id,
        kind: row.kind,
        attempts: row.attempts,
        icsSequence: row.ics_sequence,
        start: row.start,
        end: row.end,
        manageToken: row.manage_token,
        nextAttemptAt: new Date(row.next_attempt_at),
      }
    );
  }

  protected async deliver(claimed: ClaimedEmail): Promise<void> {
    const finish = (values: Partial<typeof bookingEmails.$inferInsert>) =>
      this.db
        .update(bookingEmails)
        .set({ leaseUntil: null, ...values, updatedAt: this.now() })
        .where(eq(bookingEmails.id, claimed.id));
    const [booking] = await this.db.select().from(bookings).where(eq(bookings.id, claimed.bookingId));
    if (!booking) return;
    if (claimed.kind === 'reminder') {
      // A visit that is off, or moved after this row came due, gets no reminder now.
      const why = !PLACE_HOLDING_STATUSES.includes(booking.status)
        ? `booking ${booking.status}`
        : reminderDueAt(booking.day).getTime() !== claimed.nextAttemptAt.getTime() && claimed.attempts === 1
          ? 'the visit moved'
          : null;
      if (why) {
        await finish({ status: 'skipped', lastError: why, manageToken: null });
        return;
      }
    }
    const settings = await getSettings(this.db);
    const host = new URL(this.options.publicUrl).hostname;
    const owner = await alertRecipient(this.db, settings);
    const sender = settings.email.trim() || owner || `bookings@${host}`;
    const serviceTitle =
      (await bookableServices(this.db)).find((service) => service.slug === booking.service)?.title ??
      booking.service;
    const photos =
      claimed.kind === 'owner-alert'
        ? ((await photosOfBookings(this.db, [booking.id])).get(booking.id) ?? [])
        : [];
    const email = bookingEmail(
      { ...booking, photos: photos.length },
      claimed,
      settings,
      serviceTitle,
      { publicUrl: this.options.publicUrl, host, sender },
      this.now(),
    );
    const to = email.to === 'owner' ? owner : booking.email;
    if (!to) {
      await finish({ status: 'skipped', lastError: 'no address to send it to', manageToken: null });
      return;
    }
    if (!this.options.smtpUrl) {
      this.log.info(
        { bookingId: booking.id, kind: claimed.kind, to, subject: email.subject, text: email.text },
        'booking email (no SMTP_URL: logged, not emailed)',
      );
      await finish({ status: 'logged', sentAt: this.now(), manageToken: null });
      return;
    }
    this.mail ??= new MailTransport(this.options.smtpUrl);
    try {
      await this.mail.send({
        from: `"${settings.companyName.replace(/"/g, '')}" <${sender}>`,
        to,
        ...(email.to === 'customer' ? {} : { replyTo: booking.email }),
        subject: email.subject,
        text: email.text,
        messageId: `<booking-${booking.id}-${claimed.kind}-${claimed.id}@${host}>`,
        ...(email.calendar
          ? {
              icalEvent: {
                method: email.calendar.method,
                filename: email.calendar.method === 'CANCEL' ? 'cancelled.ics' : 'visit.ics',
                content: email.calendar.content,
              },
            }
          : {}),
      });
      await finish({ status: 'sent', sentAt: this.now(), lastError: null, manageToken: null });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
      this.log.warn(
        { bookingId: booking.id, kind: claimed.kind, attempt: claimed.attempts, err: message },
        'booking email failed',
      );
      const retryAt = nextAttemptAt(claimed.attempts, this.options, this.now());
      await finish(
        retryAt
          ? { lastError: message, nextAttemptAt: retryAt }
          : { status: 'failed', lastError: message, manageToken: null },
      );
    }
  }
}
