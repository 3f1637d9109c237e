// Every input of online booking, whichever way it arrives (tRPC, REST, the /book form posts, the admin).
// zod/mini, as every schema a public form may load (docs/decisions/025).
import { z } from 'zod/mini';
import { weekdays } from '../weekdays.ts';
import { optionalText, requiredText } from './contact.ts';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const calendarDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.refine(isCalendarDay, `${label} must be a date as YYYY-MM-DD`));

export const localTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.regex(TIME_PATTERN, `${label} must be a time as HH:MM (24-hour)`));

export const zipCode = z
  .string({ error: 'ZIP code is required' })
  .check(z.trim(), z.regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'));

const serviceSlug = z
  .string({ error: 'Service is required' })
  .check(z.trim(), z.minLength(1, 'Service is required'), z.maxLength(100, 'Service is not known'));

// A North American number as people write it: (470) 555-0142, 470-555-0142, +1 470 555 0142.
const phone = z.string({ error: 'Phone number is required' }).check(
  z.trim(),
  z.minLength(1, 'Phone number is required'),
  z.maxLength(20, 'Phone number must be at most 20 characters'),
  z.refine(
    (value) =>
      /^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length === 10,
    'Enter a 10-digit US phone number',
  ),
);

/** GET /api/booking/availability and tRPC booking.availability. */
export const availabilityQuerySchema = z.object({
  zip: zipCode,
  service: z.optional(serviceSlug),
  from: z.optional(calendarDay('From')),
  days: z._default(
    z.coerce
      .number({ error: 'Days must be a number' })
      .check(
        z.int('Days must be a whole number'),
        z.minimum(1, 'Days must be 1 to 31'),
        z.maximum(31, 'Days must be 1 to 31'),
      ),
    7,
  ),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;

/** POST /api/bookings, tRPC booking.create and the last step of /book. */
export const bookingInputSchema = z.object({
  name: requiredText(255, 'Name is required', 'Name'),
  phone,
  email: z.pipe(requiredText(255, 'Email is required', 'Email'), z.email('Enter a valid email address')),
  zip: zipCode,
  address: requiredText(500, 'Address is required', 'Address'),
  service: serviceSlug,
  date: calendarDay('Date'),
  start: localTime('Start'),
  notes: optionalText(2_000, 'Notes', { multiline: true }),
});
export type BookingInput = z.input<typeof bookingInputSchema>;
export type BookingData = z.output<typeof bookingInputSchema>;

/** The emergency path of /book: who to call back, where, and what is happening. */
export const emergencyInputSchema = z.object({
  name: requiredText(255, 'Name is required', 'Name'),
  phone,
  address: optionalText(500, 'Address'),
  problem: optionalText(2_000, 'What is happening', { multiline: true }),
});
export type EmergencyData = z.output<typeof emergencyInputSchema>;

/** The first step of /book: the ZIP, and the service when the visitor came from a service's page. */
export const zipCheckInputSchema = z.object({
  zip: zipCode,
  service: z.optional(serviceSlug),
});
export type ZipCheckData = z.output<typeof zipCheckInputSchema>;

/** The customer's own page: the token of the manage link. */
export const manageTokenSchema = z
  .string({ error: 'Token is required' })
  .check(z.minLength(16, 'This link is not valid'), z.maxLength(100, 'This link is not valid'));

export const customerRescheduleSchema = z.object({
  token: manageTokenSchema,
  date: calendarDay('Date'),
  start: localTime('Start'),
});

const reason = (label: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(200, `${label} must be at most 200 characters`))),
    z.transform((value: string | undefined) => value ?? ''),
  );

const windowTemplate = z
  .object({
    start: localTime('Start'),
    end: localTime('End'),
    capacity: z
      .number({ error: 'Visits must be a number' })
      .check(
        z.int('Visits must be a whole number'),
        z.minimum(0, 'Visits must be 0 to 50'),
        z.maximum(50, 'Visits must be 0 to 50'),
      ),
  })
  .check(z.refine((window) => window.start < window.end, 'A window must end after it starts'));

/** GET and PUT /api/admin/booking-settings, tRPC adminBookings.saveSettings: the whole object. */
export const bookingSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  weekWindows: z.object(
    Object.fromEntries(
      weekdays.map((day) => [day, z.array(windowTemplate).check(z.maxLength(12))]),
    ) as Record<(typeof weekdays)[number], z.ZodMiniArray<typeof windowTemplate>>,
  ),
  horizonDays: z
    .number({ error: 'Booking horizon must be a number of days' })
    .check(
      z.int(),
      z.minimum(1, 'Booking horizon must be 1 to 365 days'),
      z.maximum(365, 'Booking horizon must be 1 to 365 days'),
    ),
  minimumNoticeMinutes: z
    .number({ error: 'Minimum notice must be a number of minutes' })
    .check(
      z.int(),
      z.minimum(0, 'Minimum notice must be 0 to 10080 minutes'),
      z.maximum(10_080, 'Minimum notice must be 0 to 10080 minutes'),
    ),
  sameDayCutoff: z.nullable(localTime('Same-day cut-off')),
  afterHoursNote: z
    .pipe(
      z.string({ error: 'After-hours note must be text' }),
      z.transform((value: string) => value.trim()),
    )
    .check(z.maxLength(1_000, 'After-hours note must be at most 1000 characters')),
  closedDays: z
    .array(z.object({ day: calendarDay('Closed day'), reason: reason('Reason') }))
    .check(z.maxLength(366)),
  blockedWindows: z
    .array(
      z.object({
        day: calendarDay('Blocked day'),
        start: localTime('Blocked window'),
        reason: reason('Reason'),
      }),
    )
    .check(z.maxLength(1_000)),
});
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;
export type BookingSettings = z.output<typeof bookingSettingsSchema>;

export const bookingStatusValues = ['requested', 'confirmed', 'declined', 'cancelled', 'done'] as const;

/** GET /api/admin/bookings?from=&to= and the board. */
export const bookingRangeSchema = z.object({
  from: calendarDay('From'),
  to: calendarDay('To'),
});

/**
 * PATCH /api/admin/bookings/:id: a new status (with a reason when declined), a new window (date and
 * start), or a running-late note with the new arrival window of the same day.
 */
export const bookingPatchSchema = z
  .object({
    status: z.optional(
      z.enum(bookingStatusValues, 'Status must be requested, confirmed, declined, cancelled or done'),
    ),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500, 'Reason must be at most 500 characters'))),
    date: z.optional(calendarDay('Date')),
    start: z.optional(localTime('Start')),
    runningLate: z.optional(z.object({ start: localTime('New start'), end: localTime('New end') })),
  })
  .check(
    z.refine(
      (patch) =>
        [
          patch.status !== undefined,
          patch.date !== undefined || patch.start !== undefined,
          patch.runningLate !== undefined,
        ].filter(Boolean).length === 1,
      'Send one of: status, date and start, or runningLate',
    ),
    z.refine((patch) => (patch.date === undefined) === (patch.start === undefined), {
      message: 'Send date and start together',
      path: ['date'],
    }),
  );
export type BookingPatch = z.output<typeof bookingPatchSchema>;

/** Blocking one window of one day from the board. */
export const blockWindowSchema = z.object({
  day: calendarDay('Day'),
  start: localTime('Window'),
  reason: reason('Reason'),
});

/** Opening a blocked window again. */
export const unblockWindowSchema = z.object({
  day: calendarDay('Day'),
  start: localTime('Window'),
});

/** The owner turns a lead into a booking: the lead's details with a window. */
export const leadToBookingSchema = z.object({
  leadId: z.coerce.number().check(z.int(), z.positive('Lead is required')),
  zip: zipCode,
  address: requiredText(500, 'Address is required', 'Address'),
  service: serviceSlug,
  date: calendarDay('Date'),
  start: localTime('Start'),
});
