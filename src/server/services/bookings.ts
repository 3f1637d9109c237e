// Online booking: arrival windows with a capacity (the trucks out in that window), the rules of when a
// visit may be booked, and the bookings themselves. A window is counted and written in one transaction
// that holds a lock named after the window, so no number of requests at once, on any number of
// instances, can put more visits in a window than it takes (docs/decisions/054-online-booking.md).
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  bookingBlockedWindows,
  bookingCalendarFeeds,
  contactSubmissions,
  bookingClosedDays,
  bookingEmails,
  bookingPhotos,
  bookings,
  bookingSettings,
  type Booking,
  type BookingEmailKind,
  type BookingStatus,
  type BookingWindowTemplate,
} from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/rows.ts';
import { addDays, companyDateTimeFormat, companyDay, companyTimeZone } from '../../shared/company-time.ts';
import { wallTimeToInstant } from '../../shared/zoned-time.ts';
import { arrivalWindow, clockTime, dayName } from '../../shared/booking-format.ts';
import { weekdays, type Weekday } from '../../shared/weekdays.ts';
import type { BookingData, BookingPatch, BookingSettings } from '../../shared/schemas/booking.ts';
import { ConflictError, InvalidInputError, NotFoundError, ServiceUnavailableError } from '../errors.ts';
import { setTimeout as delay } from 'node:timers/promises';
import { bookableService, bookableServices, nearestServedTowns, servedZip } from './booking-catalog.ts';
import {
  discardBookingPhotos,
  keepBookingPhotos,
  photosOfBookings,
  type BookingPhotoView,
  type KeptPhoto,
  type ReceivedPhotos,
} from './booking-photos.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { ReadCache } from '../caching/read-cache.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Requested visits hold their place as confirmed ones do. */
export const PLACE_HOLDING_STATUSES: readonly BookingStatus[] = ['requested', 'confirmed'];
/** Within this long of the window, the customer's page says to call instead of changing it there. */
export const CALL_INSTEAD_WITHIN_MS = 4 * 60 * 60 * 1000;
/** How many next free windows a full window's answer offers. */
const ALTERNATIVES = 3;
/** The reminder goes the day before the visit at this company time. */
export const REMINDER_TIME = '09:00';

const defaultWeekdayWindows: BookingWindowTemplate[] = [
  { start: '08:00', end: '10:00', capacity: 3 },
  { start: '10:00', end: '12:00', capacity: 3 },
  { start: '12:00', end: '14:00', capacity: 3 },
  { start: '14:00', end: '16:00', capacity: 3 },
];

/** A fresh install: weekdays' four windows of three visits, 30 days ahead, 2 hours' notice, none after 2 PM. */
export const defaultBookingSettings: BookingSettings = {
  enabled: true,
  weekWindows: {
    monday: defaultWeekdayWindows,
    tuesday: defaultWeekdayWindows,
    wednesday: defaultWeekdayWindows,
    thursday: defaultWeekdayWindows,
    friday: defaultWeekdayWindows,
    saturday: [],
    sunday: [],
  },
  horizonDays: 30,
  minimumNoticeMinutes: 120,
  sameDayCutoff: '14:00',
  afterHoursNote:
    'Outside office hours, call anyway: the on-call plumber answers for burst pipes, no water and sewage backing up.',
  closedDays: [],
  blockedWindows: [],
};

/** The booking settings with the closed days and blocked windows from today on. */
export async function getBookingSettings(db: Executor, today?: string): Promise<BookingSettings> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
  const closed = await db
    .select({ day: bookingClosedDays.day, reason: bookingClosedDays.reason })
    .from(bookingClosedDays)
    .where(today ? gte(bookingClosedDays.day, today) : undefined)
    .orderBy(asc(bookingClosedDays.day));
  const blocked = await db
    .select({
      day: bookingBlockedWindows.day,
      start: bookingBlockedWindows.start,
      reason: bookingBlockedWindows.reason,
    })
    .from(bookingBlockedWindows)
    .where(today ? gte(bookingBlockedWindows.day, today) : undefined)
    .orderBy(asc(bookingBlockedWindows.day), asc(bookingBlockedWindows.start));
  const base = row
    ? {
        enabled: row.enabled,
        weekWindows: { ...defaultBookingSettings.weekWindows, ...row.weekWindows },
        horizonDays: row.horizonDays,
        minimumNoticeMinutes: row.minimumNoticeMinutes,
        sameDayCutoff: row.sameDayCutoff,
        afterHoursNote: row.afterHoursNote,
      }
    : defaultBookingSettings;
  return { ...base, closedDays: closed, blockedWindows: blocked };
}

/** Saves every booking setting at once: the closed days and blocked windows sent replace those stored. */
export async function saveBookingSettings(
  db: Database,
  input: BookingSettings,
  now = new Date(),
): Promise<BookingSettings> {
  for (const day of weekdays) {
    const windows = [...input.weekWindows[day]].sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < windows.length; i++) {
      if (windows[i]!.start < windows[i - 1]!.end)
        throw new InvalidInputError(`The windows of ${day} overlap`, {
          [`weekWindows.${day}`]: ['Windows of one day may not overlap'],
        });
    }
  }
  await db.transaction(async (tx) => {
    const values = {
      enabled: input.enabled,
      weekWindows: Object.fromEntries(
        weekdays.map((day) => [
          day,
          [...input.weekWindows[day]].sort((a, b) => a.start.localeCompare(b.start)),
        ]),
      ) as Record<Weekday, BookingWindowTemplate[]>,
      horizonDays: input.horizonDays,
      minimumNoticeMinutes: input.minimumNoticeMinutes,
      sameDayCutoff: input.sameDayCutoff,
      afterHoursNote: input.afterHoursNote,
      updatedAt: now,
    };
    await tx
      .insert(bookingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: bookingSettings.id, set: values });
    await tx.delete(bookingClosedDays);
    const closed = uniqueBy(input.closedDays, (entry) => entry.day);
    if (closed.length) await tx.insert(bookingClosedDays).values(closed);
    await tx.delete(bookingBlockedWindows);
    const blocked = uniqueBy(input.blockedWindows, (entry) => `${entry.day} ${entry.start}`);
    if (blocked.length) await tx.insert(bookingBlockedWindows).values(blocked);
  });
  return getBookingSettings(db);
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) seen.set(key(item), item);
  return [...seen.values()];
}

/** Takes one window of one day out of booking, or changes its reason. */
export async function blockWindow(
  db: Database,
  block: { day: string; start: string; reason: string },
): Promise<void> {
  await db
    .insert(bookingBlockedWindows)
    .values(block)
    .onConflictDoUpdate({
      target: [bookingBlockedWindows.day, bookingBlockedWindows.start],
      set: { reason: block.reason },
    });
}

/** Opens a blocked window again. */
export async function unblockWindow(db: Database, block: { day: string; start: string }): Promise<void> {
  await db
    .delete(bookingBlockedWindows)
    .where(and(eq(bookingBlockedWindows.day, block.day), eq(bookingBlockedWindows.start, block.start)));
}

/** The weekday of a calendar day. */
export function weekdayOf(day: string): Weekday {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday; weekdays starts on Monday.
  return weekdays[(new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7]!;
}

/** The instant a local day and time in the company's zone stand for. */
export function companyInstant(day: string, time: string): Date {
  return wallTimeToInstant(day, time, companyTimeZone());
}

/** One window of one day as the board and the availability see it. */
export interface WindowState {
  date: string;
  start: string;
  end: string;
  capacity: number;
  /** Visits requested or confirmed in it. */
  booked: number;
  /** Places a visitor can book now: 0 when full or closed. */
  available: number;
  /** Why a visitor cannot book it, for the owner; null when it has room. */
  closedReason: string | null;
}

/** How many visits hold a place in each window of these days, by "day start". */
async function placesHeld(db: Executor, from: string, to: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ day: string | Date; start: string; held: number }>(
    await db.execute(sql`
      select day, start, count(*)::int as held from bookings
      where day between ${from}::date and ${to}::date
        and status in ('requested', 'confirmed')
      group by day, start`),
  );
  const held = new Map<string, number>();
  for (const row of rows) held.set(`${dayText(row.day)} ${row.start}`, row.held);
  return held;
}

/** A date column as YYYY-MM-DD, whichever driver read it. */
function dayText(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/**
 * Every window of `days` days from `from`, with its room and, when it cannot be booked now, why:
 * booking off, a closed day, a blocked window, beyond the horizon, the same-day cut-off, too little
 * notice, or full.
 */
export async function windowStates(
  db: Executor,
  settings: BookingSettings,
  from: string,
  days: number,
  now: Date,
): Promise<WindowState[]> {
  const to = addDays(from, days - 1);
  const held = await placesHeld(db, from, to);
  const today = companyDay(now);
  const lastBookable = addDays(today, settings.horizonDays);
  const closed = new Map(settings.closedDays.map((entry) => [entry.day, entry.reason]));
  const blocked = new Map(
    settings.blockedWindows.map((entry) => [`${entry.day} ${entry.start}`, entry.reason]),
  );
  const nowLocalTime = companyDateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  const states: WindowState[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const window of settings.weekWindows[weekdayOf(date)]) {
      const key = `${date} ${window.start}`;
      const booked = held.get(key) ?? 0;
      const startsAt = companyInstant(date, window.start);
      let closedReason: string | null = null;
      if (!settings.enabled) closedReason = 'Online booking is turned off';
      else if (closed.has(date))
        closedReason = `Closed day${closed.get(date) ? `: ${closed.get(date)}` : ''}`;
      else if (blocked.has(key)) closedReason = `Blocked${blocked.get(key) ? `: ${blocked.get(key)}` : ''}`;
      else if (date > lastBookable) closedReason = `More than ${settings.horizonDays} days ahead`;
      else if (startsAt.getTime() <= now.getTime()) closedReason = 'Already started';
      else if (date === today && settings.sameDayCutoff !== null && nowLocalTime >= settings.sameDayCutoff)
        closedReason = `No same-day booking after ${settings.sameDayCutoff}`;
      else if (startsAt.getTime() - now.getTime() < settings.minimumNoticeMinutes * 60_000)
        closedReason = `Less than ${settings.minimumNoticeMinutes} minutes' notice`;
      else if (booked >= window.capacity)
        closedReason = window.capacity === 0 ? 'No visits in this window' : 'Full';
      states.push({
        date,
        start: window.start,
        end: window.end,
        capacity: window.capacity,
        booked,
        available: closedReason ? 0 : window.capacity - booked,
        closedReason,
      });
    }
  }
  return states;
}

export interface PublicWindow {
  date: string;
  start: string;
  end: string;
  available: number;
}

export type Availability =
  | { serviceable: true; towns: string[]; windows: PublicWindow[] }
  | { serviceable: false; message: string; nearestTowns: string[]; windows: [] };

/** What a visitor may book at this ZIP: every window from `from` (today) for `days` days with its room. */
export async function getAvailability(
  db: Database,
  query: { zip: string; service?: string; from?: string; days: number },
  now = new Date(),
): Promise<Availability> {
  if (query.service !== undefined && !(await bookableService(db, query.service)))
    throw new InvalidInputError('Service is not one we book online', {
      service: ['Choose a service from the list'],
    });
  const towns = await servedZip(db, query.zip);
  if (towns.length === 0) {
    const nearestTowns = await nearestServedTowns(db, query.zip);
    return {
      serviceable: false,
      message: `We do not serve ZIP code ${query.zip} yet. We work in ${nearestTowns.join(', ')} and nearby towns.`,
      nearestTowns,
      windows: [],
    };
  }
  const today = companyDay(now);
  const from = query.from && query.from > today ? query.from : today;
  const settings = await getBookingSettings(db, today);
  const states = await windowStates(db, settings, from, query.days, now);
  return {
    serviceable: true,
    towns: towns.map((town) => town.town),
    windows: states.map(({ date, start, end, available }) => ({ date, start, end, available })),
  };
}

/**
 * The availability a visitor's page or the public API shows, remembered until anything it reads changes
 * (a booking, the booking settings, the services or towns: the read cache's generation moves with every
 * such change, on every instance) and for the minute it was asked in. Read afresh, it is half a dozen
 * queries and a few hundred time-zone conversions, and a booking page under load asked it for every
 * request. Every rule that closes a window falls on a whole minute (window starts, the notice in
 * minutes, the same-day cut-off), so the answer for the minute's first instant holds for the whole
 * minute but for a window whose notice runs out inside it; a visitor who picks that one is answered
 * by the booking itself, which counts and checks the window again under a lock and answers 409.
 */
export function rememberedAvailability(
  readCache: ReadCache,
  db: Database,
  query: { zip: string; service?: string; from?: string; days: number },
  now: Date,
): Promise<Availability> {
  const minute = Math.floor(now.getTime() / 60_000);
  return readCache.remember(
    `availability ${minute} ${JSON.stringify([query.zip, query.service ?? null, query.from ?? null, query.days])}`,
    () => getAvailability(db, query, new Date(minute * 60_000)),
  );
}

/** A full window: the message, and the next windows with room. */
export class WindowFullError extends ConflictError {
  constructor(
    message: string,
    readonly alternatives: PublicWindow[],
  ) {
    super(message);
  }
}

/** The full window's error, thrown as is or wrapped as the cause of a transport's error (tRPC's). */
export function windowFullIn(error: unknown): WindowFullError | undefined {
  if (error instanceof WindowFullError) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof WindowFullError ? cause : undefined;
}

/** The next windows with room after (or, when none later, around) this one. */
async function nextFreeWindows(
  db: Executor,
  date: string,
  start: string,
  now: Date,
): Promise<PublicWindow[]> {
  const today = companyDay(now);
  const settings = await getBookingSettings(db, today);
  const from = date > today ? date : today;
  const states = await windowStates(
    db,
    settings,
    from,
    Math.max(1, settings.horizonDays + 1 - daysApart(today, from)),
    now,
  );
  return states
    .filter((state) => state.available > 0 && (state.date > date || state.start > start))
    .slice(0, ALTERNATIVES)
    .map(({ date: day, start: time, end, available }) => ({ date: day, start: time, end, available }));
}

function daysApart(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 128 random bits and more: 32 bytes as text fit for a link. */
function newManageToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long a booking waits its turn for a busy window before the visitor is asked to try again. */
const WINDOW_TURN_WAIT_MS = 10_000;

/** What a transaction answers when another one holds the window: nothing was done, try again. */
const windowBusy = Symbol('window busy');

/**
 * Runs `work` in a transaction holding the window's lock, so the next booking of this window counts
 * this one. The lock is only tried, never waited for inside a query (each query has a one-second limit,
 * and a query cut off counts against the database's health): a busy window's transaction ends at once
 * and is tried again shortly, its connection free meanwhile.
 */
async function inWindowTurn<T>(
  db: Database,
  date: string,
  start: string,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  const key = `booking-window:${date} ${start}`;
  const giveUpAt = Date.now() + WINDOW_TURN_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const result = await db.transaction(async (tx) => {
      const [turn] = rowsOf<{ locked: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${key})) as locked`),
      );
      return turn?.locked ? { value: await work(tx) } : windowBusy;
    });
    if (result !== windowBusy) return result.value;
    if (Date.now() > giveUpAt)
      throw new ServiceUnavailableError(
        'Booking is very busy at the moment: please try again in a few seconds.',
      );
    // Spread out, so those waiting do not all try again at the same moment.
    await delay(Math.min(5 * attempt, 50) + Math.random() * 20);
  }
}

/**
 * Takes a place in a window inside its turn (inWindowTurn): checks it is open and has room, and
 * answers the window, or throws InvalidInputError, or WindowFullError without alternatives (the
 * caller finds them once the turn is over, so that others are not kept waiting).
 */
async function holdPlace(
  tx: Executor,
  settings: BookingSettings,
  date: string,
  start: string,
  now: Date,
  exceptBookingId?: number,
): Promise<WindowState> {
  const [state] = (await windowStates(tx, settings, date, 1, now)).filter((window) => window.start === start);
  if (!state)
    throw new InvalidInputError('There is no arrival window starting then', {
      start: ['Choose one of the arrival windows shown'],
    });
  // A booking moving within its own window does not count against itself.
  const ownPlace =
    exceptBookingId !== undefined &&
    (
      await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.id, exceptBookingId),
            eq(bookings.day, date),
            eq(bookings.start, start),
            inArray(bookings.status, [...PLACE_HOLDING_STATUSES]),
          ),
        )
    ).length > 0;
  const label = `The ${formatWindow(state.start, state.end)} window on ${formatDay(date)}`;
  if (state.closedReason !== null && state.closedReason !== 'Full')
    throw new WindowFullError(`${label} cannot be booked.`, []);
  if (state.capacity - state.booked + (ownPlace ? 1 : 0) <= 0)
    throw new WindowFullError(`${label} is full.`, []);
  return state;
}

/** A full window's error with the next free windows, found after its turn. */
async function withAlternatives<T>(
  db: Database,
  date: string,
  start: string,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WindowFullError)) throw error;
    throw new WindowFullError(error.message, await nextFreeWindows(db, date, start, now));
  }
}

/** The instant of the day-before reminder: 9:00 company time the day before the visit. */
export function reminderDueAt(day: string): Date {
  return companyInstant(addDays(day, -1), REMINDER_TIME);
}

function emailRow(
  bookingId: number,
  kind: BookingEmailKind,
  now: Date,
  extra: Partial<typeof bookingEmails.$inferInsert> = {},
): typeof bookingEmails.$inferInsert {
  return { bookingId, kind, nextAttemptAt: now, createdAt: now, updatedAt: now, ...extra };
}

export interface CreatedBooking {
  booking: { id: number; status: BookingStatus; date: string; start: string; end: string };
  /** The manage link's token, in clear only here and in the confirmation email's row. */
  manageToken: string;
}

/**
 * Books a visit: checks the ZIP and service, keeps the visitor's photos (every one, or the booking is
 * refused), takes a place in the window (409 with the next free windows when it is full) and writes
 * the booking with its photos and emails (the customer's confirmation with the calendar file, the
 * owner's alert, the day-before reminder), all in one transaction. Photos kept for a booking that is
 * then refused are removed.
 */
export async function createBooking(
  db: Database,
  input: BookingData & { page?: string | null; source?: string | null; leadId?: number | null },
  now = new Date(),
  photos?: { store: FileStore; received: ReceivedPhotos },
): Promise<CreatedBooking> {
  if ((await servedZip(db, input.zip)).length === 0)
    throw new InvalidInputError(`We do not serve ZIP code ${input.zip}`, {
      zip: ['This ZIP code is outside our service area'],
    });
  if (!(await bookableService(db, input.service)))
    throw new InvalidInputError('Service is not one we book online', {
      service: ['Choose a service from the list'],
    });
  // Worked before the window's turn: re-encoding takes a while, and others wait for that turn.
  const kept = photos ? await keepBookingPhotos(photos.store, photos.received) : [];
  try {
    return await bookInWindow(db, input, now, kept);
  } catch (error) {
    if (photos) await discardBookingPhotos(photos.store, kept);
    throw error;
  }
}

async function bookInWindow(
  db: Database,
  input: BookingData & { page?: string | null; source?: string | null; leadId?: number | null },
  now: Date,
  photos: readonly KeptPhoto[],
): Promise<CreatedBooking> {
  const manageToken = newManageToken();
  const settings = await getBookingSettings(db, companyDay(now));
  return withAlternatives(db, input.date, input.start, now, () =>
    inWindowTurn(db, input.date, input.start, async (tx) => {
      const window = await holdPlace(tx, settings, input.date, input.start, now);
      const [row] = await tx
        .insert(bookings)
        .values({
          status: 'requested',
          day: input.date,
          start: window.start,
          end: window.end,
          startsAt: companyInstant(input.date, window.start),
          endsAt: companyInstant(input.date, window.end),
          name: input.name,
          phone: input.phone,
          email: input.email,
          zip: input.zip,
          address: input.address,
          service: input.service,
          notes: input.notes,
          page: input.page ?? null,
          source: input.source ?? null,
          leadId: input.leadId ?? null,
          manageTokenHash: hashManageToken(manageToken),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const booking = row!;
      if (photos.length)
        await tx
          .insert(bookingPhotos)
          .values(photos.map((photo) => ({ ...photo, bookingId: booking.id, createdAt: now })));
      const due = reminderDueAt(booking.day);
      await tx.insert(bookingEmails).values([
        emailRow(booking.id, 'confirmation', now, { manageToken }),
        emailRow(booking.id, 'owner-alert', now),
        emailRow(booking.id, 'reminder', now, {
          manageToken,
          nextAttemptAt: due,
          // Booked after the reminder's time (for tomorrow, after 9:00): the confirmation is the reminder.
          ...(due <= now
            ? { status: 'skipped' as const, lastError: 'booked after the reminder time', manageToken: null }
            : {}),
        }),
      ]);
      return {
        booking: {
          id: booking.id,
          status: booking.status,
          date: booking.day,
          start: booking.start,
          end: booking.end,
        },
        manageToken,
      };
    }),
  );
}

export interface BookingView {
  id: number;
  status: BookingStatus;
  date: string;
  start: string;
  end: string;
  startsAt: string;
  endsAt: string;
  name: string;
  phone: string;
  email: string;
  zip: string;
  address: string;
  service: string;
  serviceTitle: string;
  notes: string | null;
  declineReason: string | null;
  page: string | null;
  source: string | null;
  leadId: number | null;
  /** What the visitor sent with it; each opens for signed-in staff only. */
  photos: BookingPhotoView[];
  createdAt: string;
  updatedAt: string;
}

async function viewOf(
  db: Database,
  booking: Booking,
  photos?: Map<number, BookingPhotoView[]>,
): Promise<BookingView> {
  const titles = new Map((await bookableServices(db)).map((service) => [service.slug, service.title]));
  const byBooking = photos ?? (await photosOfBookings(db, [booking.id]));
  return {
    id: booking.id,
    status: booking.status,
    date: booking.day,
    start: booking.start,
    end: booking.end,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    name: booking.name,
    phone: booking.phone,
    email: booking.email,
    zip: booking.zip,
    address: booking.address,
    service: booking.service,
    serviceTitle: titles.get(booking.service) ?? booking.service,
    notes: booking.notes,
    declineReason: booking.declineReason,
    page: booking.page,
    source: booking.source,
    leadId: booking.leadId,
    photos: byBooking.get(booking.id) ?? [],
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}

/** The bookings of these days (company time), by window. */
export async function listBookings(db: Database, from: string, to: string): Promise<BookingView[]> {
  if (to < from)
    throw new InvalidInputError('To must not be before From', { to: ['To must not be before From'] });
  if (daysApart(from, to) > 366)
    throw new InvalidInputError('Ask for at most a year at once', { to: ['Ask for at most a year at once'] });
  const rows = await db
    .select()
    .from(bookings)
    .where(and(gte(bookings.day, from), lte(bookings.day, to)))
    .orderBy(asc(bookings.day), asc(bookings.start), asc(bookings.id));
  const photos = await photosOfBookings(
    db,
    rows.map((row) => row.id),
  );
  return Promise.all(rows.map((row) => viewOf(db, row, photos)));
}

/** One booking as the board shows it (the link in the owner's alert, a lead booked). */
export async function getBooking(db: Database, id: number): Promise<BookingView> {
  return viewOf(db, await bookingById(db, id));
}

/** The board: every window of these days with its visits. */
export async function bookingBoard(db: Database, from: string, to: string, now = new Date()) {
  const visits = await listBookings(db, from, to);
  const settings = await getBookingSettings(db);
  const windows = await windowStates(db, settings, from, daysApart(from, to) + 1, now);
  return {
    windows: windows.map((window) => ({
      ...window,
      visits: visits.filter((visit) => visit.date === window.date && visit.start === window.start),
    })),
    // Visits in a window that no longer exists in the settings are still shown.
    otherVisits: visits.filter(
      (visit) => !windows.some((window) => window.date === visit.date && window.start === visit.start),
    ),
  };
}

async function bookingById(db: Executor, id: number): Promise<Booking> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new NotFoundError('Booking not found');
  return row;
}

const allowedMoves: Record<BookingStatus, readonly BookingStatus[]> = {
  requested: ['confirmed', 'declined', 'cancelled'],
  confirmed: ['done', 'cancelled', 'declined'],
  declined: [],
  cancelled: [],
  done: [],
};

/** Ends a booking's pending reminder: the visit is off. */
async function dropReminder(tx: Executor, bookingId: number, now: Date, why: string) {
  await tx
    .update(bookingEmails)
    .set({ status: 'skipped', lastError: why, manageToken: null, updatedAt: now })
    .where(
      and(
        eq(bookingEmails.bookingId, bookingId),
        eq(bookingEmails.kind, 'reminder'),
        eq(bookingEmails.status, 'pending'),
      ),
    );
}

/**
 * Moves a booking to a new window, taking a place there under the window's lock; the customer's
 * calendar is sent the change with a raised SEQUENCE, and a reminder not yet sent moves with it.
 */
async function moveBooking(
  db: Database,
  id: number,
  date: string,
  start: string,
  now: Date,
): Promise<Booking> {
  const settings = await getBookingSettings(db, companyDay(now));
  return withAlternatives(db, date, start, now, () =>
    inWindowTurn(db, date, start, async (tx) => {
      const current = await bookingById(tx, id);
      if (!PLACE_HOLDING_STATUSES.includes(current.status))
        throw new ConflictError(`A ${current.status} booking cannot be moved`);
      const window = await holdPlace(tx, settings, date, start, now, id);
      const [moved] = await tx
        .update(bookings)
        .set({
          day: date,
          start: window.start,
          end: window.end,
          startsAt: companyInstant(date, window.start),
          endsAt: companyInstant(date, window.end),
          icsSequence: current.icsSequence + 1,
          updatedAt: now,
        })
        .where(eq(bookings.id, id))
        .returning();
      await tx
        .insert(bookingEmails)
        .values(emailRow(id, 'changed', now, { icsSequence: current.icsSequence + 1 }));
      const due = reminderDueAt(date);
      await tx
        .update(bookingEmails)
        .set(
          due <= now
            ? {
                status: 'skipped',
                lastError: 'moved past the reminder time',
                manageToken: null,
                updatedAt: now,
              }
            : { nextAttemptAt: due, updatedAt: now },
        )
        .where(
          and(
            eq(bookingEmails.bookingId, id),
            eq(bookingEmails.kind, 'reminder'),
            eq(bookingEmails.status, 'pending'),
          ),
        );
      return moved!;
    }),
  );
}

/** Sets a booking's status; declining or cancelling tells the customer's calendar (METHOD:CANCEL). */
async function setStatus(
  db: Database,
  id: number,
  status: BookingStatus,
  reason: string | undefined,
  now: Date,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from bookings where id = ${id} for update`);
    const current = await bookingById(tx, id);
    if (current.status === status) return current;
    if (!allowedMoves[current.status].includes(status))
      throw new ConflictError(`A ${current.status} booking cannot be marked ${status}`);
    const ending = status === 'cancelled' || status === 'declined';
    const sequence = ending ? current.icsSequence + 1 : current.icsSequence;
    const [updated] = await tx
      .update(bookings)
      .set({
        status,
        icsSequence: sequence,
        declineReason: status === 'declined' ? reason?.trim() || null : current.declineReason,
        updatedAt: now,
      })
      .where(eq(bookings.id, id))
      .returning();
    if (ending) {
      await tx
        .insert(bookingEmails)
        .values(
          emailRow(id, status === 'declined' ? 'declined' : 'cancellation', now, { icsSequence: sequence }),
        );
      await dropReminder(tx, id, now, `booking ${status}`);
    } else if (status === 'confirmed') {
      await tx.insert(bookingEmails).values(emailRow(id, 'confirmation', now, { icsSequence: sequence }));
    } else if (status === 'done') {
      await dropReminder(tx, id, now, 'visit done');
    }
    return updated!;
  });
}

/** The owner's change to a booking: a status, a new window, or a running-late note. */
export async function patchBooking(
  db: Database,
  id: number,
  patch: BookingPatch,
  now = new Date(),
): Promise<BookingView> {
  let booking: Booking;
  if (patch.status !== undefined) booking = await setStatus(db, id, patch.status, patch.reason, now);
  else if (patch.date !== undefined && patch.start !== undefined)
    booking = await moveBooking(db, id, patch.date, patch.start, now);
  else if (patch.runningLate) booking = await runningLate(db, id, patch.runningLate, now);
  else throw new InvalidInputError('Send one of: status, date and start, or runningLate');
  return viewOf(db, booking);
}

/** "Running late": an email to the customer restating the new arrival window of the same day. */
async function runningLate(
  db: Database,
  id: number,
  window: { start: string; end: string },
  now: Date,
): Promise<Booking> {
  if (window.end <= window.start)
    throw new InvalidInputError('The new window must end after it starts', {
      'runningLate.end': ['Must be after the new start'],
    });
  return db.transaction(async (tx) => {
    const booking = await bookingById(tx, id);
    if (!PLACE_HOLDING_STATUSES.includes(booking.status))
      throw new ConflictError(`A ${booking.status} booking is not expected today`);
    await tx.insert(bookingEmails).values(
      emailRow(id, 'running-late', now, {
        start: window.start,
        end: window.end,
        icsSequence: booking.icsSequence,
      }),
    );
    return booking;
  });
}

export type ManagedBooking =
  | { state: 'open'; booking: BookingView; callInstead: boolean }
  | { state: 'over'; booking: BookingView }
  | { state: 'unknown' };

/** What the customer's own page shows. Opening it changes nothing: mail scanners open every link. */
export async function bookingForToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ManagedBooking> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.manageTokenHash, hashManageToken(token)));
  if (!row) return { state: 'unknown' };
  const booking = await viewOf(db, row);
  // The link works until the visit is over.
  if (row.endsAt <= now || !PLACE_HOLDING_STATUSES.includes(row.status)) return { state: 'over', booking };
  return {
    state: 'open',
    booking,
    callInstead: row.startsAt.getTime() - now.getTime() < CALL_INSTEAD_WITHIN_MS,
  };
}

async function openBookingForToken(db: Database, token: string, now: Date): Promise<Booking> {
  const managed = await bookingForToken(db, token, now);
  if (managed.state === 'unknown') throw new NotFoundError('This booking link is not valid');
  if (managed.state === 'over')
    throw new ConflictError('This visit is over or no longer booked; please call us.');
  if (managed.callInstead)
    throw new ConflictError('Your visit is less than 4 hours away: please call us to change it.');
  return bookingById(db, managed.booking.id);
}

/** The Cancel button of the customer's page. */
export async function cancelByCustomer(db: Database, token: string, now = new Date()): Promise<BookingView> {
  const booking = await openBookingForToken(db, token, now);
  return viewOf(db, await setStatus(db, booking.id, 'cancelled', undefined, now));
}

/** The Reschedule button of the customer's page. */
export async function rescheduleByCustomer(
  db: Database,
  input: { token: string; date: string; start: string },
  now = new Date(),
): Promise<BookingView> {
  const booking = await openBookingForToken(db, input.token, now);
  return viewOf(db, await moveBooking(db, booking.id, input.date, input.start, now));
}

/** "10 AM and 12 PM": a window as every page and email says it. */
export const formatWindow = arrivalWindow;
export const formatTime = clockTime;
export const formatDay = dayName;

/** The bookings as CSV for a spreadsheet, in the order given. */
export function bookingsToCsv(
  rows: BookingView[],
  csvCell: (value: string | number | null) => string,
): string {
  const header = [
    'id',
    'status',
    'date',
    'start',
    'end',
    'name',
    'phone',
    'email',
    'zip',
    'address',
    'service',
    'notes',
    'page',
    'source',
    'created',
  ];
  const lines = rows.map((row) =>
    [
      row.id,
      row.status,
      row.date,
      row.start,
      row.end,
      row.name,
      row.phone,
      row.email,
      row.zip,
      row.address,
      row.serviceTitle,
      row.notes,
      row.page,
      row.source,
      row.createdAt,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/**
 * A new private calendar feed address for the owner's phone; the one before stops working. Only the
 * hash is kept: the address is shown once, when made.
 */
export async function renewCalendarFeed(db: Database, now = new Date()): Promise<string> {
  const token = newManageToken();
  await db
    .insert(bookingCalendarFeeds)
    .values({ id: 1, tokenHash: hashManageToken(token), createdAt: now })
    .onConflictDoUpdate({
      target: bookingCalendarFeeds.id,
      set: { tokenHash: hashManageToken(token), createdAt: now },
    });
  return token;
}

/** Stops the calendar feed: its address answers 404 from now on. */
export async function revokeCalendarFeed(db: Database): Promise<void> {
  await db.delete(bookingCalendarFeeds);
}

/** When the current feed address was made, or null when there is none. */
export async function calendarFeedState(db: Database): Promise<{ createdAt: string } | null> {
  const [row] = await db.select().from(bookingCalendarFeeds);
  return row ? { createdAt: row.createdAt.toISOString() } : null;
}

/** Whether a feed token is the current one. */
export async function isCalendarFeedToken(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingCalendarFeeds.id })
    .from(bookingCalendarFeeds)
    .where(eq(bookingCalendarFeeds.tokenHash, hashManageToken(token)));
  return Boolean(row);
}

/**
 * The visits of the feed: from a week ago to a year from then, requested and confirmed (a
 * cancelled or declined one is listed as cancelled, so the phone takes it out).
 */
export async function calendarFeedVisits(db: Database, now = new Date()): Promise<BookingView[]> {
  const today = companyDay(now);
  return listBookings(db, addDays(today, -7), addDays(today, 358));
}

/**
 * The owner turns a lead into a booking: the lead's name, phone and email with the window chosen; the
 * lead is marked contacted, and the booking remembers it.
 */
export async function bookingFromLead(
  db: Database,
  input: { leadId: number; zip: string; address: string; service: string; date: string; start: string },
  now = new Date(),
): Promise<CreatedBooking> {
  const [lead] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, input.leadId));
  if (!lead || lead.isSpam) throw new NotFoundError('Lead not found');
  if (!lead.phone)
    throw new InvalidInputError('The lead has no phone number', { leadId: ['The lead has no phone number'] });
  if (!lead.email)
    throw new InvalidInputError('The lead has no email address', {
      leadId: ['The lead has no email address'],
    });
  const created = await createBooking(
    db,
    {
      name: `${lead.firstName} ${lead.lastName}`.trim(),
      phone: lead.phone,
      email: lead.email,
      zip: input.zip,
      address: input.address,
      service: input.service,
      date: input.date,
      start: input.start,
      notes: lead.message,
      page: lead.page,
      source: lead.source,
      leadId: lead.id,
    },
    now,
  );
  if (lead.status === 'new')
    await db
      .update(contactSubmissions)
      .set({ status: 'contacted', updatedAt: now })
      .where(eq(contactSubmissions.id, lead.id));
  return created;
}

/** Bookings by the page they were made from and by source, for the dashboard. */
export async function bookingCounts(db: Database, from: string, to: string) {
  const rows = rowsOf<{ page: string | null; source: string | null; bookings: number }>(
    await db.execute(sql`
      select page, source, count(*)::int as bookings from bookings
      where (created_at at time zone ${companyTimeZone()})::date between ${from}::date and ${to}::date
      group by page, source order by bookings desc`),
  );
  const by = (key: 'page' | 'source') => {
    const totals = new Map<string, number>();
    for (const row of rows)
      totals.set(row[key] ?? '(unknown)', (totals.get(row[key] ?? '(unknown)') ?? 0) + row.bookings);
    return [...totals].map(([name, bookings]) => ({ [key]: name, bookings }));
  };
  return {
    total: rows.reduce((sum, row) => sum + row.bookings, 0),
    pages: by('page'),
    sources: by('source'),
  };
}
