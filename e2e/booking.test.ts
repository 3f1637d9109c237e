import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { useSite } from './support/site.ts';
import sharp from 'sharp';
import { calendarParts, startSmtpCapture } from '../src/server/testing/smtp-capture.ts';

/** A photo as a visitor attaches one: a small JPEG. */
async function photo(name: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The event of a calendar file as a calendar program reads it, its times shown in America/New_York. */
function readEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const newYork = (time: ICAL.Time) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      minute: '2-digit',
    }).format(time.toJSDate());
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    start: newYork(event.startDate),
    end: newYork(event.endDate),
  };
}

describe('booking a visit online', () => {
  const env: Record<string, string> = { ADMIN_EMAIL: 'owner@example.com' };
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  // Before useSite's own hook: the server is started with this SMTP server's address.
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  const site = useSite(env);

  const mailTo = (address: string, subject: RegExp) =>
    eventually(async () => smtp.to(address).find((mail) => subject.test(mail.text)), 10_000);

  /**
   * From the emergency question to the booked visit's own page, pressing what a visitor presses, with
   * these photos attached.
   */
  async function bookTenToTwelve(page: Page, email: string, photos: string[]) {
    await page.goto(`${site.url}/`);
    await page.getByRole('link', { name: 'Book online' }).first().click();
    await page.getByRole('button', { name: 'No, book a visit' }).click();
    await page.getByLabel('ZIP code').fill('30040');
    await page.getByRole('button', { name: 'Check my ZIP code' }).click();
    await page.getByRole('radio', { name: 'Water Heater Services' }).check();
    await page.getByRole('button', { name: 'Next: pick a time' }).click();
    // The second day's window, never today's: within 4 hours of its window a booking's page says to
    // call instead of offering Cancel, and today's 10 AM is that close from 6 AM on.
    await page.getByRole('radio', { name: 'Arriving between 10 AM and 12 PM' }).nth(1).check();
    await page.getByRole('button', { name: 'Next: your details' }).click();
    await page.getByLabel('Your name').fill('Dana Reyes');
    await page.getByLabel('Phone number').fill('470-555-0142');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Street address').fill('120 Pilgrim Mill Rd, Cumming, GA');
    await page
      .getByLabel('Photos of the problem (optional)', { exact: true })
      .setInputFiles(await Promise.all(photos.map((name) => photo(name))));
    await page.getByRole('button', { name: 'Book this visit' }).click();
    await page.getByText('Thank you: your visit is booked.').waitFor();
    expect(await page.textContent('main')).toContain('arriving between 10 AM and 12 PM');
  }

  async function visitorPage(
    javaScriptEnabled: boolean,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await site.browser.newContext({ javaScriptEnabled });
    return { context, ...(await openPage(context)) };
  }

  it('books the 10 to 12 window from 30040 with two photos; the email’s calendar file reads as that window in New York time', async () => {
    const { context, page, errors } = await visitorPage(true);
    await bookTenToTwelve(page, 'dana@example.com', ['leak.jpg', 'valve.jpg']);
    await expectNoSeriousAxeViolations(page);
    const mail = await mailTo('dana@example.com', /Subject: We have your booking/);
    const invitation = calendarParts(mail.raw).find((part) => part.method === 'REQUEST')!;
    expect(readEvent(invitation.content)).toMatchObject({
      method: 'REQUEST',
      start: '10:00 AM',
      end: '12:00 PM',
      sequence: 0,
    });
    const alert = await mailTo('owner@example.com', /Subject: New booking: Dana Reyes/);
    expect(alert.text).toContain('Photos: 2 sent with the booking');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works with JavaScript off, a photo attached, and the manage link changes nothing until Cancel is pressed', async () => {
    const { context, page } = await visitorPage(false);
    await bookTenToTwelve(page, 'noscript@example.com', ['sink.jpg']);
    const mail = await mailTo('noscript@example.com', /Subject: We have your booking/);
    const first = readEvent(calendarParts(mail.raw).find((part) => part.method === 'REQUEST')!.content);
    const link = /http:\/\/[^\s]+\/booking\/[A-Za-z0-9_-]+/
      .exec(mail.text)![0]
      .replace(/^http:\/\/[^/]+/, site.url);

    // Opened as a link scanner would: a plain GET, twice; the visit stays booked.
    for (let i = 0; i < 2; i++) expect((await fetch(link)).status).toBe(200);
    expect((await fetch(`${link}?change=cancel`)).status).toBe(200);
    await page.goto(link);
    expect(await page.textContent('main')).toContain('Requested');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my visit' }).click();
    await page.getByText('Your visit is cancelled.').waitFor();
    const cancellation = await mailTo('noscript@example.com', /Subject: Cancelled/);
    const cancel = readEvent(
      calendarParts(cancellation.raw).find((part) => part.method === 'CANCEL')!.content,
    );
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: first.uid });
    expect(cancel.sequence).toBeGreaterThan(first.sequence);
    await context.close();
  });

  it('tells a visitor in 90210 it is outside the area, and keeps their request as a lead', async () => {
    const { context, page } = await visitorPage(false);
    await page.goto(`${site.url}/book?emergency=no`);
    await page.getByLabel('ZIP code').fill('90210');
    await page.getByRole('button', { name: 'Check my ZIP code' }).click();
    await page.getByRole('heading', { name: 'We do not serve ZIP code 90210 yet' }).waitFor();
    await context.close();
    const leads = await fetch(
      `${site.url}/trpc/leads.list?input=${encodeURIComponent(JSON.stringify({ search: '90210' }))}`,
      {
        headers: { cookie: await site.adminCookie() },
      },
    );
    const body = (await leads.json()) as { result: { data: { message: string }[] } };
    expect(body.result.data.map((lead) => lead.message).join('\n')).toContain('Outside service area');
  });

  it('takes an emergency to the call button, stores an urgent lead and emails the owner at once', async () => {
    const { context, page, errors } = await visitorPage(true);
    await page.goto(`${site.url}/book`);
    await page.getByRole('button', { name: 'Yes, it is an emergency' }).click();
    await page
      .getByRole('link', { name: /^Call \(/ })
      .last()
      .waitFor();
    await page.getByLabel('Your name').fill('Sam Ortiz');
    await page.getByLabel('Phone number').fill('470-555-0199');
    await page.getByLabel(/What is happening/).fill('Pipe burst under the kitchen sink');
    await page.getByRole('button', { name: 'Send: call me back' }).click();
    await page.getByText('We have your details').waitFor();
    await expectNoSeriousAxeViolations(page);
    const alert = await mailTo('owner@example.com', /Sam Ortiz/);
    expect(alert.text).toContain('EMERGENCY');
    expect(alert.text).toContain('Pipe burst under the kitchen sink');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the owner the board with a visit’s photos, confirms it, blocks a window, and books a lead', async () => {
    const owner = await site.signedInPage({ viewport: { width: 1280, height: 900 } });
    // The first test's booking: its day on the board.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const bookings = await fetch(`${site.url}/api/admin/bookings?from=${day(-1)}&to=${day(60)}`, {
      headers: { cookie: await site.adminCookie() },
    });
    const { bookings: list } = (await bookings.json()) as {
      bookings: { id: number; date: string; name: string; email: string; status: string; photos: object[] }[];
    };
    const booking = list.find((each) => each.status === 'requested')!;
    // The photo sent without script came with its booking too.
    expect(list.find((each) => each.email === 'noscript@example.com')!.photos).toHaveLength(1);
    await owner.page.goto(`${site.url}/admin?tab=bookings&booking=${booking.id}`);
    await waitForHydration(owner.page);
    await owner.page.getByLabel('From', { exact: true }).fill(booking.date);
    await owner.page.getByLabel('Show').selectOption('day');
    const visit = owner.page.getByTestId('booking').filter({ hasText: booking.name }).first();
    // The two photos in the visit's detail, shown whole; their address answers staff only.
    const photos = visit.getByRole('list', { name: `Photos from ${booking.name}` }).getByRole('img');
    await photos.nth(1).waitFor();
    expect(await photos.count()).toBe(2);
    const widths = await photos.evaluateAll((images) =>
      Promise.all(
        images.map((image) =>
          (image as HTMLImageElement).decode().then(() => (image as HTMLImageElement).naturalWidth),
        ),
      ),
    );
    expect(widths).toEqual([640, 640]);
    const src = (await photos.first().getAttribute('src'))!;
    expect((await fetch(`${site.url}${src}`)).status).toBe(401);
    await visit.getByRole('button', { name: `Confirm ${booking.name}` }).click();
    await visit.getByText('Confirmed').waitFor();
    const window = owner.page.getByTestId('booking-window').filter({ hasText: '2 PM and 4 PM' });
    await window.getByRole('button', { name: /Block this window/ }).click();
    await window.getByLabel('Why (shown to staff only)').fill('Truck in the shop');
    await window.getByRole('button', { name: 'Block', exact: true }).click();
    await window.getByText('Closed to online booking: Blocked: Truck in the shop').waitFor();
    await expectNoSeriousAxeViolations(owner.page);

    // A lead from the contact form becomes a visit from the Leads tab, and links to it.
    const sent = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Avery',
        lastName: 'Lane',
        email: 'avery@example.com',
        phone: '(770) 555-0111',
        service: 'Water Heater Services',
        message: 'The water heater leaks from the bottom.',
      }),
    });
    expect(sent.status).toBe(201);
    await owner.page.getByRole('tab', { name: /^Leads/ }).click();
    const lead = owner.page.getByTestId('lead').filter({ hasText: 'Avery Lane' });
    await lead.getByRole('button', { name: 'Book a visit for Avery Lane' }).click();
    const form = lead.getByRole('form', { name: 'Book a visit for Avery Lane' });
    // Prefilled from the lead's service once the list of services has loaded.
    const service = form.getByLabel('Service', { exact: true });
    await eventually(
      async () => ((await service.inputValue()) === 'water-heater-services' ? true : undefined),
      5_000,
    );
    await form.getByLabel('ZIP code', { exact: true }).fill('30040');
    await form.getByLabel('Street address', { exact: true }).fill('9 Oak St, Cumming, GA');
    await form.getByLabel('Day', { exact: true }).fill(booking.date);
    await form.getByLabel('Arrival window', { exact: true }).selectOption('12:00');
    await form.getByRole('button', { name: 'Book this visit' }).click();
    await lead.getByText('Booked:').waitFor();
    await lead.getByRole('link', { name: /12 PM and 2 PM/ }).click();
    await owner.page.getByTestId('booking').filter({ hasText: 'Avery Lane' }).waitFor();
    expect(owner.errors).toEqual([]);
    await owner.context.close();
  });
});
