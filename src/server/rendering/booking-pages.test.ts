import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bookingPhotos, bookings, contactSubmissions } from '../../../db/schema/index.ts';
import { multipartBody, type FilePart } from '../testing/multipart.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { testVisitor } from '../testing/booking-visitor.ts';
import { tablesReadBy } from '../testing/tables-read.ts';
import { createBooking, defaultBookingSettings, saveBookingSettings } from '../services/bookings.ts';
import { declaredTables } from '../caching/page-reads.ts';

/** A form post as a browser sends one without script. */
function formPost(url: string, fields: Record<string, string>) {
  return {
    method: 'POST' as const,
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: new URLSearchParams(fields).toString(),
  };
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

// The booking page's steps and the customer's page as a visitor without script goes through them.
describe(`the booking pages without script (${testDatabaseKind})`, () => {
  let t: TestApp;
  // Tuesday 2026-12-01, 08:00 in Cumming.
  let now = new Date('2026-12-01T13:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' }, clock: () => now });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('asks about an emergency first, then the ZIP, the service, a window and the details', async () => {
    const start = await t.app.inject({ url: '/book?service=water-heater-services' });
    expect(start.statusCode).toBe(200);
    expect(text(start.body)).toContain('Is water leaking now');
    expect(start.headers['cache-control']).toBe('no-store');

    const zipStep = await t.app.inject({ url: '/book?emergency=no&service=water-heater-services' });
    expect(text(zipStep.body)).toContain('ZIP code');

    const refused = await t.app.inject(formPost('/book?emergency=no', { step: 'zip', zip: '300' }));
    expect(refused.statusCode).toBe(400);
    expect(text(refused.body)).toContain('Enter a 5-digit ZIP code');

    const outside = await t.app.inject(formPost('/book?emergency=no', { step: 'zip', zip: '90210' }));
    expect(outside.statusCode).toBe(303);
    expect(outside.headers.location).toBe('/book?outside=90210');
    const outsidePage = text((await t.app.inject({ url: outside.headers.location })).body);
    expect(outsidePage).toContain('We do not serve ZIP code 90210 yet');
    expect(outsidePage).toContain('Dawsonville');
    const [lead] = await t.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.lastName, 'from ZIP 90210'));
    expect(lead!.message).toContain('Outside service area');

    const served = await t.app.inject(
      formPost('/book?emergency=no&service=water-heater-services', {
        step: 'zip',
        zip: '30040',
        service: 'water-heater-services',
      }),
    );
    expect(served.headers.location).toBe('/book?zip=30040&service=water-heater-services');
    const windows = text((await t.app.inject({ url: served.headers.location })).body);
    expect(windows).toContain('Tuesday, December 1, 2026');
    expect(windows).toContain('Arriving between 10 AM and 12 PM');

    const detailsUrl = '/book?zip=30040&service=water-heater-services&slot=2026-12-02T10:00';
    const details = await t.app.inject({ url: detailsUrl });
    expect(text(details.body)).toContain(
      'Water Heater Services on Wednesday, December 2, 2026, arriving between 10 AM and 12 PM',
    );

    const fields = {
      step: 'details',
      zip: '30040',
      service: 'water-heater-services',
      slot: '2026-12-02T10:00',
      name: 'Dana Reyes',
      phone: '470-555-0142',
      email: 'dana@example.com',
      address: '120 Pilgrim Mill Rd',
      notes: '',
    };
    const bad = await t.app.inject(formPost(detailsUrl, { ...fields, email: 'nope' }));
    expect(bad.statusCode).toBe(400);
    expect(text(bad.body)).toContain('Enter a valid email address');
    expect(bad.body).toContain('value="Dana Reyes"');

    const booked = await t.app.inject(formPost(detailsUrl, fields));
    expect(booked.statusCode).toBe(303);
    const manage = booked.headers.location as string;
    expect(manage).toMatch(/^\/booking\/[A-Za-z0-9_-]{43}\?sent=booked$/);

    // The customer's page: opening it, and the confirmation behind Cancel, change nothing.
    const path = manage.split('?')[0]!;
    const page = await t.app.inject({ url: manage });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(text(page.body)).toContain('arriving between 10 AM and 12 PM');
    const confirm = await t.app.inject({ url: `${path}?change=cancel` });
    expect(text(confirm.body)).toContain('Yes, cancel my visit');
    const [stillBooked] = await t.database.db.select().from(bookings);
    expect(stillBooked!.status).toBe('requested');

    const moved = await t.app.inject(formPost(path, { action: 'reschedule', slot: '2026-12-03T14:00' }));
    expect(moved.statusCode).toBe(303);
    expect((await t.database.db.select().from(bookings))[0]).toMatchObject({
      day: '2026-12-03',
      start: '14:00',
    });

    // The page is sent with no-referrer, so a browser posts its buttons with Origin: null; its
    // Sec-Fetch-Site says whether the post came from the site itself.
    const asFromPage = (site: string) => {
      const post = formPost(path, { action: 'cancel' });
      return { ...post, headers: { ...post.headers, origin: 'null', 'sec-fetch-site': site } };
    };
    expect((await t.app.inject(asFromPage('cross-site'))).statusCode).toBe(403);
    expect((await t.database.db.select().from(bookings))[0]!.status).toBe('requested');
    const cancelled = await t.app.inject(asFromPage('same-origin'));
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${path}?sent=cancelled`);
    expect((await t.database.db.select().from(bookings))[0]!.status).toBe('cancelled');
  });

  it('says to call instead within 4 hours of the window', async () => {
    now = new Date('2026-12-01T13:00:00Z');
    const booked = await t.app.inject(
      formPost('/book', {
        step: 'details',
        zip: '30041',
        service: 'sewer-drain-solutions',
        slot: '2026-12-01T14:00',
        name: 'Lee Park',
        phone: '470-555-0100',
        email: 'lee@example.com',
        address: '5 Main St',
      }),
    );
    expect(booked.statusCode).toBe(303);
    now = new Date('2026-12-01T16:30:00Z'); // 11:30, two and a half hours before 14:00
    const page = text((await t.app.inject({ url: booked.headers.location as string })).body);
    expect(page).toContain('less than 4 hours away');
    expect(page).not.toContain('Reschedule');
  });

  it('sends the details step as multipart with its photos; a file that is no photo is named there', async () => {
    now = new Date('2026-12-01T13:00:00Z');
    const detailsUrl = '/book?zip=30040&service=water-heater-services&slot=2026-12-03T08:00';
    const form = await t.app.inject({ url: detailsUrl });
    // HTML attribute names are not case-sensitive: React writes encType, browsers read enctype.
    expect(form.body).toMatch(/<form(?=[^>]*method="post")[^>]*enctype="multipart\/form-data"/i);
    expect(form.body).toMatch(/<input(?=[^>]*type="file")(?=[^>]*multiple="")[^>]*name="photos"/);
    const fields = {
      step: 'details',
      zip: '30040',
      service: 'water-heater-services',
      slot: '2026-12-03T08:00',
      name: 'Ana Cruz',
      phone: '470-555-0177',
      email: 'ana@example.com',
      address: '9 Oak Ln',
      notes: 'Leak under the sink',
    };
    const send = (files: FilePart[]) =>
      t.app.inject({
        method: 'POST',
        url: detailsUrl,
        ...multipartBody(fields, files),
        headers: { ...multipartBody(fields, files).headers, origin: 'http://localhost:3000' },
      });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();

    const refused = await send([
      { filename: 'notes.txt', content: Buffer.from('hello'), type: 'text/plain' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(text(refused.body)).toContain('Photo 1 (notes.txt) is not a photo');
    expect(refused.body).toContain('value="Ana Cruz"');
    expect(await t.database.db.select().from(bookingPhotos)).toEqual([]);

    const booked = await send([{ filename: 'sink.jpg', content: photo }]);
    expect(booked.statusCode).toBe(303);
    expect(booked.headers.location).toMatch(/^\/booking\/[A-Za-z0-9_-]{43}\?sent=booked$/);
    const [kept] = await t.database.db.select().from(bookingPhotos);
    expect(kept).toMatchObject({ originalName: 'sink.jpg', width: 64, height: 48 });
  });

  it('takes an emergency straight to the call button and a short form', async () => {
    const page = text((await t.app.inject({ url: '/book?emergency=yes' })).body);
    expect(page).toContain('Call us now');
    // Tuesday 11:30: open.
    expect(page).toContain('The office is open now');
    const sent = await t.app.inject(
      formPost('/book?emergency=yes', {
        step: 'emergency',
        name: 'Sam Ortiz',
        phone: '470-555-0199',
        problem: 'Burst pipe',
      }),
    );
    expect(sent.statusCode).toBe(303);
    expect(text((await t.app.inject({ url: sent.headers.location as string })).body)).toContain(
      'We have your details',
    );
  });
});

// The window step is kept for the minute it was rendered in, for every visitor asking the same ZIP
// and service, until anything it reads changes.
describe(`the booking page's windows kept for the minute (${testDatabaseKind})`, () => {
  let t: TestApp;
  // Tuesday 2026-12-01, 08:00:40 in Cumming: today's 10-12 window has its two hours' notice until 08:01.
  let now = new Date('2026-12-01T13:00:40Z');
  const windowsUrl = '/book?zip=30040&service=water-heater-services';
  const windows = async (cookie?: string) => {
    const response = await t.app.inject({ url: windowsUrl, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.body;
  };
  /** The window is offered on the page: its radio button's value. */
  const offers = (html: string, slot: string) => html.includes(`value="${slot}"`);
  /** Asked until its answer is kept: a change announced late (the settings saved below) empties it. */
  const keptWindows = async () => {
    t.app.liveAnswers.clear();
    let html = '';
    await expect
      .poll(async () => {
        html = await windows();
        return t.app.liveAnswers.size;
      })
      .toBe(1);
    return html;
  };

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' }, clock: () => now });
    // One place in Wednesday's windows: one booking fills it.
    const onePlace = defaultBookingSettings.weekWindows.wednesday.map((window) => ({
      ...window,
      capacity: 1,
    }));
    await saveBookingSettings(t.database.db, {
      ...defaultBookingSettings,
      weekWindows: { ...defaultBookingSettings.weekWindows, wednesday: onePlace },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('declares every table the window step reads, so that a change to any of them empties it', async () => {
    t.app.pageCache.clear();
    const { tables } = await tablesReadBy(t.database.db, () => t.app.inject({ url: windowsUrl }));
    const { getGlobalContextAsync } = await import('vike/server');
    const { pages } = await getGlobalContextAsync(false);
    const declared = declaredTables(pages['/pages/book']!.config).map((table) => table.split(':')[0]);
    expect([...tables].filter((table) => !declared.includes(table))).toEqual([]);
  });

  it('shows the next visitor the room a booking over HTTP took', async () => {
    expect(offers(await keptWindows(), '2026-12-02T10:00')).toBe(true);
    const booked = await t.app.inject(
      formPost('/book', {
        step: 'details',
        ...testVisitor,
        slot: '2026-12-02T10:00',
        notes: '',
      }),
    );
    expect(booked.statusCode).toBe(303);
    expect(offers(await windows(), '2026-12-02T10:00')).toBe(false);
  });

  it('shows the room a booking taken on another instance took, once the database announces it', async () => {
    expect(offers(await keptWindows(), '2026-12-02T12:00')).toBe(true);
    // Written straight to the database, as another instance would: only its notice tells this one.
    await createBooking(
      t.database.db,
      { ...testVisitor, date: '2026-12-02', start: '12:00', notes: null },
      now,
    );
    await expect.poll(async () => offers(await windows(), '2026-12-02T12:00')).toBe(false);
  });

  it('answers the next visitor from the kept answer before the pipeline, still no-store', async () => {
    const kept = await keptWindows();
    const again = await t.app.inject({ url: windowsUrl });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.body).toBe(kept);
  });

  it('renders afresh in the next minute of the clock', async () => {
    now = new Date('2026-12-01T13:00:40Z');
    expect(offers(await keptWindows(), '2026-12-01T10:00')).toBe(true);
    now = new Date('2026-12-01T13:00:59Z');
    expect(offers(await windows(), '2026-12-01T10:00')).toBe(true);
    // 08:01: less than two hours before 10:00.
    now = new Date('2026-12-01T13:01:00Z');
    expect(offers(await windows(), '2026-12-01T10:00')).toBe(false);
  });

  it('renders for signed-in staff each time, and keeps none of their answers for visitors', async () => {
    const staff = await t.signInAs('admin', 'owner');
    const visitorsAnswer = await keptWindows();
    expect(visitorsAnswer).not.toContain('"username":"owner"');
    expect(await windows(staff)).toContain('"username":"owner"');
    expect(await windows()).toBe(visitorsAnswer);
  });

  it('keeps no step carrying what one visitor chose', async () => {
    t.app.liveAnswers.clear();
    await t.app.inject({ url: `${windowsUrl}&slot=2026-12-09T08:00` });
    await t.app.inject({ url: `${windowsUrl}&emergency=maybe` });
    await t.app.inject({ url: '/book?zip=30040' });
    expect(t.app.liveAnswers.size).toBe(0);
  });
});
