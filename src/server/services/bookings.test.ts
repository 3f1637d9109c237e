import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingEmails, bookings, bookingLeads, contactSubmissions } from '../../../db/schema/index.ts';
import { DEFAULT_COMPANY_TIME_ZONE } from '../../shared/company-time.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { calendarParts, startSmtpCapture } from '../testing/smtp-capture.ts';
import { testVisitor } from '../testing/booking-visitor.ts';
import { getSettings, saveSettings } from './settings.ts';
import { defaultBookingSettings, saveBookingSettings } from './bookings.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The one event of a calendar file as a calendar program reads it, with its times in the company's zone. */
function readEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const local = (time: ICAL.Time) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: DEFAULT_COMPANY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(time.toJSDate())
      .replace(',', '');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    start: local(event.startDate),
    end: local(event.endDate),
  };
}

const visitor = testVisitor;

describe(`online booking (${testDatabaseKind})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  // Tuesday 2026-12-01, 08:00 in Cumming.
  let now = new Date('2026-12-01T13:00:00Z');
  let owner: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ config: { smtpUrl: smtp.url }, clock: () => now });
    await saveSettings(t.database.db, {
      ...(await getSettings(t.database.db)),
      adminEmail: 'owner@example.com',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    // The last test's emails, which the mailer may still be sending: sent before the inbox is emptied.
    await t.app.bookingMailer.deliverDue();
    now = new Date('2026-12-01T13:00:00Z');
    await t.database.db.delete(bookings);
    await saveBookingSettings(t.database.db, defaultBookingSettings);
    smtp.received.length = 0;
    // Tests move the clock years apart, past any session's life: each signs in afresh.
    owner = await t.signInAs('admin');
  });

  const book = (payload: object, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const availability = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/booking/availability?${query}` });

  it('lists the windows of a served ZIP with their room, and says when a ZIP is not served', async () => {
    const served = await availability('zip=30040&service=water-heater-services&from=2026-12-01&days=7');
    expect(served.statusCode).toBe(200);
    const body = served.json<{
      success: boolean;
      serviceable: boolean;
      windows: { date: string; start: string; end: string; available: number }[];
    }>();
    expect(body.success).toBe(true);
    expect(body.serviceable).toBe(true);
    // Tuesday to Friday and Monday: five weekdays of four windows; the weekend has none.
    expect(body.windows).toHaveLength(20);
    expect(body.windows[0]).toEqual({ date: '2026-12-01', start: '08:00', end: '10:00', available: 0 });
    // 08:00 now: 10:00 is two hours away, just enough notice.
    expect(body.windows[1]).toEqual({ date: '2026-12-01', start: '10:00', end: '12:00', available: 3 });
    expect(served.headers['cache-control']).toBe('no-store');

    const outside = await availability('zip=90210');
    expect(outside.json()).toMatchObject({ success: true, serviceable: false, windows: [] });
    expect(outside.json<{ message: string }>().message).toContain('90210');
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const badDay = await availability('zip=30040&from=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json()).toMatchObject({ success: false, errors: { from: [expect.any(String)] } });
    expect((await availability('zip=3004')).json<{ errors: object }>().errors).toHaveProperty('zip');
    expect((await availability('zip=30040&days=40')).json<{ errors: object }>().errors).toHaveProperty(
      'days',
    );

    for (const [field, value] of [
      ['email', 'not-an-email'],
      ['phone', '555'],
      ['date', '2026-13-01'],
      ['start', '25:00'],
      ['name', ''],
    ] as const) {
      const answer = await book({ ...visitor, date: '2026-12-02', start: '10:00', [field]: value });
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json<{ errors: object }>().errors, field).toHaveProperty(field);
    }
    const unknownService = await book({ ...visitor, service: 'roofing', date: '2026-12-02', start: '10:00' });
    expect(unknownService.statusCode).toBe(400);
    expect(unknownService.json<{ errors: object }>().errors).toHaveProperty('service');
    const outside = await book({ ...visitor, zip: '90210', date: '2026-12-02', start: '10:00' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ errors: object }>().errors).toHaveProperty('zip');
    const noWindow = await book({ ...visitor, date: '2026-12-02', start: '09:00' });
    expect(noWindow.statusCode).toBe(400);
    expect(noWindow.json<{ errors: object }>().errors).toHaveProperty('start');
    expect(await t.database.db.select().from(bookings)).toEqual([]);
  });

  it('puts exactly as many visits in a window as it takes, however many arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(
          { ...visitor, email: `customer${i}@example.com`, date: '2026-12-03', start: '10:00' },
          `10.0.0.${i + 1}`,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    const refused = answers
      .find((answer) => answer.statusCode === 409)!
      .json<{
        success: boolean;
        message: string;
        alternatives: { date: string; start: string }[];
      }>();
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/full/);
    expect(refused.alternatives[0]).toMatchObject({ date: '2026-12-03', start: '12:00' });
    const created = answers.find((answer) => answer.statusCode === 201)!.json();
    expect(created).toMatchObject({
      success: true,
      booking: { status: 'requested', date: '2026-12-03', start: '10:00', end: '12:00' },
    });
    const stored = await t.database.db.select().from(bookings).where(eq(bookings.day, '2026-12-03'));
    expect(stored).toHaveLength(3);
    const window = (await availability('zip=30040&from=2026-12-03&days=1')).json<{
      windows: { start: string; available: number }[];
    }>();
    expect(window.windows.find((w) => w.start === '10:00')!.available).toBe(0);
  });

  it('remembers the availability for the minute, and reads it again after a booking at once', async () => {
    const roomAt = async (start: string) =>
      (await availability('zip=30040&from=2026-12-01&days=1'))
        .json<{ windows: { start: string; available: number }[] }>()
        .windows.find((w) => w.start === start)!.available;
    // 08:00 in Cumming: the 10:00 window has exactly the two hours' notice it needs.
    now = new Date('2026-12-01T13:00:00Z');
    expect(await roomAt('10:00')).toBe(3);
    // Half a minute on, a fresh read would close it; the answer for this minute is kept. A booking
    // of that window would be refused then (the test above of notice).
    now = new Date('2026-12-01T13:00:30Z');
    expect(await roomAt('10:00')).toBe(3);
    now = new Date('2026-12-01T13:01:00Z');
    expect(await roomAt('10:00')).toBe(0);
    expect(await roomAt('12:00')).toBe(3);
    expect((await book({ ...visitor, date: '2026-12-01', start: '12:00' })).statusCode).toBe(201);
    expect(await roomAt('12:00')).toBe(2);
  });

  it('answers the next visitor within the minute from the kept answer, before the pipeline; staff afresh', async () => {
    const query = 'zip=30040&from=2026-12-01&days=2';
    const first = await availability(query);
    expect(first.headers['x-page-cache']).toBeUndefined();
    const again = await availability(query);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.body).toBe(first.body);
    const forStaff = await t.app.inject({
      method: 'GET',
      url: `/api/booking/availability?${query}`,
      headers: { cookie: owner },
    });
    expect(forStaff.headers['x-page-cache']).toBeUndefined();
    expect(forStaff.body).toBe(first.body);
    // The next minute is another key: answered afresh, and kept for that minute.
    now = new Date('2026-12-01T13:01:00Z');
    expect((await availability(query)).headers['x-page-cache']).toBeUndefined();
    expect((await availability(query)).headers['x-page-cache']).toBe('hit');
  });

  it('stores the window as local times and as the instants they stand for, and hashes the manage token', async () => {
    const answer = await book({ ...visitor, date: '2026-12-02', start: '10:00' });
    expect(answer.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(bookings);
    expect(row).toMatchObject({ day: '2026-12-02', start: '10:00', end: '12:00', status: 'requested' });
    expect(row!.startsAt.toISOString()).toBe('2026-12-02T15:00:00.000Z');
    expect(row!.endsAt.toISOString()).toBe('2026-12-02T17:00:00.000Z');
    expect(row!.manageTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps windows closed for the reason the owner sees: notice, cut-off, closed days, blocks, horizon', async () => {
    await saveBookingSettings(t.database.db, {
      ...defaultBookingSettings,
      closedDays: [{ day: '2026-12-04', reason: 'Company holiday' }],
      blockedWindows: [{ day: '2026-12-02', start: '12:00', reason: 'Truck in the shop' }],
    });
    // 14:30 in Cumming: past the same-day cut-off.
    now = new Date('2026-12-01T19:30:00Z');
    const board = await t.app.inject({
      method: 'GET',
      url:
        '/trpc/adminBookings.board?input=' +
        encodeURIComponent(JSON.stringify({ from: '2026-12-01', to: '2027-01-05' })),
      headers: { cookie: owner },
    });
    expect(board.statusCode).toBe(200);
    const windows = board.json<{
      result: { data: { windows: { date: string; start: string; closedReason: string | null }[] } };
    }>().result.data.windows;
    const reason = (date: string, start: string) =>
      windows.find((w) => w.date === date && w.start === start)?.closedReason;
    expect(reason('2026-12-01', '16:00')).toBeUndefined();
    expect(reason('2026-12-01', '14:00')).toBe('Already started');
    // Still an hour and a half ahead, but after 2 PM no same-day booking.
    expect(reason('2026-12-01', '14:00')).not.toBeNull();
    expect(reason('2026-12-02', '12:00')).toBe('Blocked: Truck in the shop');
    expect(reason('2026-12-04', '08:00')).toBe('Closed day: Company holiday');
    expect(reason('2026-12-02', '08:00')).toBeNull();
    expect(reason('2027-01-04', '08:00')).toBe('More than 30 days ahead');

    now = new Date('2026-12-01T18:30:00Z'); // 13:30: before the cut-off, 30 minutes before 14:00
    const tooSoon = await book({ ...visitor, date: '2026-12-01', start: '14:00' });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json<{ message: string }>().message).toMatch(/cannot be booked/);
  });

  it("emails the customer a calendar file a calendar reads as the window in the company's zone, and the owner an alert", async () => {
    const answer = await book({ ...visitor, date: '2026-12-02', start: '10:00' });
    const { id: booking } = answer.json<{ booking: { id: number } }>().booking;
    await t.app.bookingMailer.deliverDue();
    const [confirmation] = smtp.to(visitor.email);
    expect(confirmation).toBeDefined();
    expect(confirmation!.text).toContain('arriving between 10 AM and 12 PM');
    const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text)![1]!;
    const request = calendarParts(confirmation!.raw).find((part) => part.method === 'REQUEST')!;
    const event = readEvent(request.content);
    expect(event).toMatchObject({
      method: 'REQUEST',
      start: '2026-12-02 10:00',
      end: '2026-12-02 12:00',
      sequence: 0,
      status: 'TENTATIVE',
    });
    const [alert] = smtp.to('owner@example.com');
    expect(alert!.text).toContain(`/admin?tab=bookings&booking=${booking}`);

    // Opening the customer's page changes nothing; Cancel cancels and sends METHOD:CANCEL, a higher SEQUENCE.
    const shown = await t.app.inject({
      method: 'GET',
      url: `/trpc/booking.byToken?input=${encodeURIComponent(JSON.stringify({ token }))}`,
    });
    expect(shown.json<{ result: { data: { state: string } } }>().result.data.state).toBe('open');
    expect((await t.database.db.select().from(bookings))[0]!.status).toBe('requested');
    const cancelled = await t.caller().mutate('booking.cancel', { token });
    expect(cancelled.statusCode).toBe(200);
    await t.app.bookingMailer.deliverDue();
    const cancellation = smtp.to(visitor.email).at(-1)!;
    const cancel = calendarParts(cancellation.raw).find((part) => part.method === 'CANCEL')!;
    const cancelledEvent = readEvent(cancel.content);
    expect(cancelledEvent).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: event.uid });
    expect(cancelledEvent.sequence).toBeGreaterThan(event.sequence);
    // Its place is free again, and the reminder will not go.
    const [reminder] = await t.database.db
      .select()
      .from(bookingEmails)
      .where(and(eq(bookingEmails.bookingId, booking), eq(bookingEmails.kind, 'reminder')));
    expect(reminder!.status).toBe('skipped');
  });

  it('moves a booking for the owner with a raised SEQUENCE, and refuses a move into a full window', async () => {
    const first = (await book({ ...visitor, date: '2026-12-02', start: '10:00' })).json<{
      booking: { id: number };
    }>();
    for (let i = 0; i < 3; i++)
      await book({ ...visitor, email: `full${i}@example.com`, date: '2026-12-02', start: '12:00' });
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/bookings/${first.booking.id}`,
        payload,
        headers: { cookie: owner },
      });
    const full = await patch({ date: '2026-12-02', start: '12:00' });
    expect(full.statusCode).toBe(409);
    expect(full.json<{ alternatives: unknown[] }>().alternatives.length).toBeGreaterThan(0);
    const moved = await patch({ date: '2026-12-03', start: '08:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ booking: { date: '2026-12-03', start: '08:00', end: '10:00' } });
    const confirmed = await patch({ status: 'confirmed' });
    expect(confirmed.json()).toMatchObject({ booking: { status: 'confirmed' } });
    expect((await patch({ status: 'requested' })).statusCode).toBe(409);
    expect((await patch({})).statusCode).toBe(400);
    await t.app.bookingMailer.deliverDue();
    const files = smtp
      .to(visitor.email)
      .flatMap((mail) => calendarParts(mail.raw))
      .map((part) => readEvent(part.content));
    expect(files.map((file) => [file.start, file.sequence])).toEqual(
      expect.arrayContaining([
        ['2026-12-02 10:00', 0],
        ['2026-12-03 08:00', 1],
      ]),
    );
    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bookings?from=2026-12-01&to=2026-12-07',
    });
    expect(unauthenticated.statusCode).toBe(401);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bookings?from=2026-12-01&to=2026-12-07',
      headers: { cookie: owner },
    });
    expect(listed.json<{ bookings: unknown[] }>().bookings).toHaveLength(4);
  });

  it('sends the customer a running-late note restating the new window, for a visit still on', async () => {
    const booked = (await book({ ...visitor, date: '2026-12-02', start: '10:00' })).json<{
      booking: { id: number };
    }>();
    const late = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/bookings/${booked.booking.id}`,
        payload: { runningLate: payload },
        headers: { cookie: owner },
      });
    const backwards = await late({ start: '13:00', end: '11:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['runningLate.end']);
    expect((await late({ start: '25:00', end: '26:00' })).statusCode).toBe(400);

    const sent = await late({ start: '11:00', end: '13:00' });
    expect(sent.statusCode).toBe(200);
    // The booking itself keeps its window: the note says when the plumber now arrives.
    expect(sent.json()).toMatchObject({ booking: { date: '2026-12-02', start: '10:00', end: '12:00' } });
    await t.app.bookingMailer.deliverDue();
    const notes = smtp.to(visitor.email).filter((mail) => /Subject: Running late/.test(mail.text));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.text).toContain('Subject: Running late: now arriving between 11 AM and 1 PM');
    expect(notes[0]!.text).toContain('New arrival window: ');

    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${booked.booking.id}`,
      payload: { status: 'cancelled' },
      headers: { cookie: owner },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await late({ start: '11:00', end: '13:00' })).statusCode).toBe(409);
  });

  // The reminder goes at 9:00 company time the day before, once, on the nights the clocks change too.
  it.each([
    // Visit the Monday after the clocks spring forward: reminder Sunday 9:00 EDT.
    { booked: '2026-03-05T15:00:00Z', visit: '2026-03-09', due: '2026-03-08T13:00:00Z' },
    // Visit the Monday after they fall back: reminder Sunday 9:00 EST.
    { booked: '2026-10-29T15:00:00Z', visit: '2026-11-02', due: '2026-11-01T14:00:00Z' },
    { booked: '2027-03-11T15:00:00Z', visit: '2027-03-15', due: '2027-03-14T13:00:00Z' },
    { booked: '2027-11-04T15:00:00Z', visit: '2027-11-08', due: '2027-11-07T14:00:00Z' },
  ])('sends the reminder of a visit on $visit at $due, once', async ({ booked, visit, due }) => {
    now = new Date(booked);
    const answer = await book({ ...visitor, date: visit, start: '10:00' });
    expect(answer.statusCode).toBe(201);
    await t.app.bookingMailer.deliverDue();
    const reminders = () => smtp.to(visitor.email).filter((mail) => /Subject: Reminder/.test(mail.text));
    now = new Date(new Date(due).getTime() - 60_000);
    await t.app.bookingMailer.deliverDue();
    expect(reminders()).toHaveLength(0);
    now = new Date(due);
    await t.app.bookingMailer.deliverDue();
    expect(reminders()).toHaveLength(1);
    now = new Date(new Date(due).getTime() + 3 * HOUR_MS);
    await t.app.bookingMailer.deliverDue();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.text).toContain('arriving between 10 AM and 12 PM');
  });

  it('books windows on the days the clocks change at their local time', async () => {
    const everyDay = [{ start: '08:00', end: '10:00', capacity: 2 }];
    await saveBookingSettings(t.database.db, {
      ...defaultBookingSettings,
      weekWindows: { ...defaultBookingSettings.weekWindows, sunday: everyDay },
    });
    for (const [booked, day, startsAt] of [
      ['2026-03-05T15:00:00Z', '2026-03-08', '2026-03-08T12:00:00.000Z'],
      ['2026-10-29T15:00:00Z', '2026-11-01', '2026-11-01T13:00:00.000Z'],
      ['2027-03-11T15:00:00Z', '2027-03-14', '2027-03-14T12:00:00.000Z'],
      ['2027-11-04T15:00:00Z', '2027-11-07', '2027-11-07T13:00:00.000Z'],
    ] as const) {
      now = new Date(booked);
      const answer = await book({ ...visitor, date: day, start: '08:00' });
      expect(answer.statusCode, day).toBe(201);
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.day, day));
      expect(row!.startsAt.toISOString(), day).toBe(startsAt);
    }
  });

  it('keeps an emergency as an urgent lead and alerts the owner at once; a ZIP outside the area as a lead', async () => {
    const emergency = await t.caller().mutate('booking.emergency', {
      name: 'Sam Ortiz',
      phone: '470-555-0199',
      problem: 'Pipe burst under the sink',
    });
    expect(emergency.statusCode).toBe(200);
    await t.app.leadNotifier.deliverDue();
    const alert = smtp.to('owner@example.com').find((mail) => mail.text.includes('Sam Ortiz'));
    expect(alert!.text).toContain('EMERGENCY');
    expect(alert!.text).toContain('Pipe burst under the sink');

    const outside = await t
      .caller()
      .mutate('booking.checkZip', { zip: '90210', service: 'water-heater-services' });
    const result = outside.json<{
      result: { data: { serviceable: boolean; nearestTowns: string[]; leadId: number } };
    }>().result.data;
    expect(result.serviceable).toBe(false);
    expect(result.nearestTowns.length).toBeGreaterThan(0);
    const [lead] = await t.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, result.leadId));
    expect(lead!.message).toContain('Outside service area');
    expect(lead!.message).toContain('90210');
    const [kind] = await t.database.db
      .select()
      .from(bookingLeads)
      .where(eq(bookingLeads.leadId, result.leadId));
    expect(kind).toMatchObject({ kind: 'outside-service-area', zip: '90210' });
    const inside = await t.caller().mutate('booking.checkZip', { zip: '30040' });
    expect(inside.json<{ result: { data: { serviceable: boolean } } }>().result.data.serviceable).toBe(true);
  });

  it('serves the owner a private, revocable calendar feed and a CSV export', async () => {
    await book({ ...visitor, date: '2026-12-02', start: '10:00' });
    const renewed = await t.caller(owner).mutate('adminBookings.renewCalendarFeed');
    const { url } = renewed.json<{ result: { data: { url: string } } }>().result.data;
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/api\/booking\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await t.app.inject({ url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => readEvent(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${vevent.toString()}\r\nEND:VCALENDAR`));
    expect(events.map((event) => event.start)).toEqual(['2026-12-02 10:00']);
    // A new address stops the old one; turning the feed off stops every one.
    await t.caller(owner).mutate('adminBookings.renewCalendarFeed');
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    await t.caller(owner).mutate('adminBookings.revokeCalendarFeed');
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);

    const csv = await t.app.inject({
      url: '/api/admin/bookings.csv?from=2026-12-01&to=2026-12-31',
      headers: { cookie: owner },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[1]).toContain('Dana Reyes');
  });

  it('turns a lead into a booking, which the lead then shows', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstName: 'Avery',
        lastName: 'Lane',
        email: 'avery@example.com',
        phone: '470-555-0111',
        message: 'Slow drain',
      },
    });
    expect(sent.statusCode).toBe(201);
    const [lead] = await t.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, 'avery@example.com'));
    const made = await t.caller(owner).mutate('adminBookings.fromLead', {
      leadId: lead!.id,
      zip: '30041',
      address: '9 Oak St',
      service: 'sewer-drain-solutions',
      date: '2026-12-03',
      start: '12:00',
    });
    expect(made.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.leadId, lead!.id));
    expect(row).toMatchObject({ name: 'Avery Lane', phone: '470-555-0111', start: '12:00', end: '14:00' });
    // The Leads tab links the lead to its booking, which the Bookings tab opens by its id.
    const leads = await t.caller(owner).query('leads.list', { search: 'avery@example.com' });
    const listed = leads.json<{ result: { data: { id: number; booking: unknown }[] } }>().result.data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: lead!.id,
        booking: { id: row!.id, date: '2026-12-03', start: '12:00', end: '14:00' },
      }),
    ]);
    const opened = await t.caller(owner).query('adminBookings.get', { id: row!.id });
    expect(opened.json<{ result: { data: object } }>().result.data).toMatchObject({
      id: row!.id,
      date: '2026-12-03',
      leadId: lead!.id,
      photos: [],
    });
  });

  it('gives the owner the ZIP a visitor typed outside the area, for booking that lead', async () => {
    const check = await t.caller().mutate('booking.checkZip', { zip: '10001' });
    expect(check.json<{ result: { data: object } }>().result.data).toMatchObject({ serviceable: false });
    const leads = await t.caller(owner).query('leads.list', { search: '10001' });
    expect(leads.json<{ result: { data: object[] } }>().result.data).toEqual([
      expect.objectContaining({ lastName: 'from ZIP 10001', zip: '10001', booking: null }),
    ]);
  });

  it('saves the booking settings over REST for admins, refusing bad input by field', async () => {
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/admin/booking-settings',
      headers: { cookie: owner },
    });
    expect(got.json()).toMatchObject({
      success: true,
      settings: { horizonDays: 30, minimumNoticeMinutes: 120 },
    });
    const settings = got.json<{ settings: typeof defaultBookingSettings }>().settings;
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/booking-settings',
      headers: { cookie: owner },
      payload: { ...settings, horizonDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: object }>().errors).toHaveProperty('horizonDays');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/booking-settings',
      headers: { cookie: owner },
      payload: { ...settings, horizonDays: 14, closedDays: [{ day: '2026-12-25', reason: 'Christmas' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      settings: { horizonDays: 14, closedDays: [{ day: '2026-12-25', reason: 'Christmas' }] },
    });
  });
});
