import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Weekday } from '../../src/shared/weekdays.ts';
import { contactSubmissions } from './contact-submissions.ts';

/** One arrival window of a weekday: local times (HH:MM, company time) and how many visits it takes. */
export interface BookingWindowTemplate {
  start: string;
  end: string;
  capacity: number;
}

/**
 * How online booking works, one row (id 1): the windows of each weekday with their capacity (the trucks
 * out that window), how far ahead and how soon a visit may be booked, and the owner's after-hours note
 * shown on the emergency path.
 */
export const bookingSettings = pgTable(
  'booking_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    weekWindows: jsonb('week_windows').$type<Record<Weekday, BookingWindowTemplate[]>>().notNull(),
    horizonDays: integer('horizon_days').notNull().default(30),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(120),
    /** After this local time (HH:MM) no window of the same day can be booked; null: no cut-off. */
    sameDayCutoff: varchar('same_day_cutoff', { length: 5 }),
    afterHoursNote: text('after_hours_note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('booking_settings_single_row', sql`${table.id} = 1`)],
);

/** Days nobody is booked (holidays), with the reason the owner gave. */
export const bookingClosedDays = pgTable('booking_closed_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One window of one day taken out of booking ("truck in the shop"), with the reason. */
export const bookingBlockedWindows = pgTable(
  'booking_blocked_windows',
  {
    day: date('day', { mode: 'string' }).notNull(),
    start: varchar('start', { length: 5 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.day, table.start] })],
);

/** requested: waiting for the owner (it holds its place); confirmed; declined; cancelled; done. */
export const bookingStatuses = ['requested', 'confirmed', 'declined', 'cancelled', 'done'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * A visit booked online. The window is kept twice: as the local day and times the customer chose (what
 * the board and emails show) and as the instants they stand for, computed in the company's time zone
 * when it was booked, so a night the clocks change cannot shift it. The manage link's token is kept only
 * as a SHA-256 hash.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 20 }).$type<BookingStatus>().notNull().default('requested'),
    day: date('day', { mode: 'string' }).notNull(),
    start: varchar('start', { length: 5 }).notNull(),
    end: varchar('end', { length: 5 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    zip: varchar('zip', { length: 10 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    service: varchar('service', { length: 100 }).notNull(),
    notes: text('notes'),
    /** Why the owner declined, told to the customer. */
    declineReason: varchar('decline_reason', { length: 500 }),
    /** The page the visitor booked from and where they came from today, for the dashboard. */
    page: varchar('page', { length: 300 }),
    source: varchar('source', { length: 100 }),
    /** The lead this booking was made from by the owner, if any. */
    leadId: integer('lead_id').references(() => contactSubmissions.id, { onDelete: 'set null' }),
    manageTokenHash: varchar('manage_token_hash', { length: 64 }).notNull(),
    /** The calendar file's SEQUENCE: raised by every change a customer's calendar must follow. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bookings_manage_token_idx').on(table.manageTokenHash),
    index('bookings_window_idx').on(table.day, table.start, table.status),
    index('bookings_starts_at_idx').on(table.startsAt),
    check(
      'bookings_status_check',
      sql`${table.status} in ('requested', 'confirmed', 'declined', 'cancelled', 'done')`,
    ),
  ],
);

export type Booking = typeof bookings.$inferSelect;

/**
 * Photos a visitor sent with a booking, re-encoded as the site keeps every uploaded image. They are
 * kept in the same file store as the media library's files, under names beginning `booking-` that
 * the public uploads route refuses, and are not in `media`: only staff see them, through the booking.
 */
export const bookingPhotos = pgTable(
  'booking_photos',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 255 }).notNull().unique(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('booking_photos_booking_idx').on(table.bookingId)],
);

export type BookingPhoto = typeof bookingPhotos.$inferSelect;

/**
 * The files of booking photos whose rows were deleted (with their booking, however it was deleted),
 * written by a trigger on booking_photos; the hourly sweep removes each file from the store, then its
 * row here.
 */
export const bookingPhotoRemovals = pgTable('booking_photo_removals', {
  filename: varchar('filename', { length: 255 }).primaryKey(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Emails about a booking. confirmation: to the customer with the calendar file (METHOD:REQUEST);
 * changed: a new window (a raised SEQUENCE); cancellation: METHOD:CANCEL; declined; running-late: a new
 * arrival window today; reminder: the day before at 9:00 company time; owner-alert: to the owner.
 */
export const bookingEmailKinds = [
  'confirmation',
  'changed',
  'cancellation',
  'declined',
  'running-late',
  'reminder',
  'owner-alert',
] as const;
export type BookingEmailKind = (typeof bookingEmailKinds)[number];

export const bookingEmailStatuses = ['pending', 'sent', 'failed', 'logged', 'skipped'] as const;
export type BookingEmailStatus = (typeof bookingEmailStatuses)[number];

/**
 * The outbox of booking emails (background/outbox.ts): written in the transaction that changes the
 * booking, claimed with a lease by whichever instance runs, retried from the row. A reminder is a row
 * not due until the day before the visit; it is moved when the visit moves.
 */
export const bookingEmails = pgTable(
  'booking_emails',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<BookingEmailKind>().notNull(),
    status: varchar('status', { length: 20 }).$type<BookingEmailStatus>().notNull().default('pending'),
    /** The calendar file's SEQUENCE when the email was written, so a later change never rewrites it. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /** The window the email tells of (a running-late note's new window), as local HH:MM. */
    start: varchar('start', { length: 5 }),
    end: varchar('end', { length: 5 }),
    // The manage link's token in clear, which the booking keeps only as a hash: needed until the email
    // is written, then set to null.
    manageToken: varchar('manage_token', { length: 64 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One reminder per booking, ever: it is moved with the visit, never written twice.
    uniqueIndex('booking_emails_one_reminder_idx')
      .on(table.bookingId)
      .where(sql`${table.kind} = 'reminder'`),
    index('booking_emails_pending_idx').on(table.status, table.nextAttemptAt),
    check(
      'booking_emails_kind_check',
      sql`${table.kind} in ('confirmation', 'changed', 'cancellation', 'declined', 'running-late', 'reminder', 'owner-alert')`,
    ),
    check(
      'booking_emails_status_check',
      sql`${table.status} in ('pending', 'sent', 'failed', 'logged', 'skipped')`,
    ),
  ],
);

export type BookingEmail = typeof bookingEmails.$inferSelect;

/** Leads the booking page wrote: an emergency, or a ZIP outside the service area. */
export const bookingLeadKinds = ['emergency', 'outside-service-area'] as const;
export type BookingLeadKind = (typeof bookingLeadKinds)[number];

/** What kind of booking-page lead a lead of the inbox is, and the ZIP typed. */
export const bookingLeads = pgTable(
  'booking_leads',
  {
    leadId: integer('lead_id')
      .primaryKey()
      .references(() => contactSubmissions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).$type<BookingLeadKind>().notNull(),
    zip: varchar('zip', { length: 10 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('booking_leads_kind_check', sql`${table.kind} in ('emergency', 'outside-service-area')`)],
);

/** The owner's private calendar feed: a revocable token, kept hashed; one row at most (id 1). */
export const bookingCalendarFeeds = pgTable(
  'booking_calendar_feeds',
  {
    id: integer('id').primaryKey().default(1),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('booking_calendar_feeds_single_row', sql`${table.id} = 1`)],
);
