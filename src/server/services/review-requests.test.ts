import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewRequestEmails, reviewRequestUnsubscribes, reviews } from '../../../db/schema/index.ts';
import { companyDay } from '../../shared/company-time.ts';
import { formatJobMonth } from '../../shared/job-month.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { getSettings, saveSettings } from './settings.ts';
import { tablesInForeignKeyOrder } from './backup/schema-info.ts';

interface ReceivedMail {
  to: string[];
  /** The message as sent, with quoted-printable undone, so links and lines read whole. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A real SMTP server on loopback that keeps what it receives. `refusals` maps an address to the replies
 * its next messages get instead (550: the address does not exist; 451: try again later).
 */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, number[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const refusal = refusals.get(session.envelope.rcptTo[0]?.address ?? '')?.shift();
        if (refusal) {
          const error = new Error(refusal >= 500 ? 'no such mailbox' : 'try again later') as Error & {
            responseCode: number;
          };
          error.responseCode = refusal;
          return callback(error);
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusals,
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const GOOGLE_URL = 'https://g.page/r/cumming-plumbing-pros/review';

function linkIn(mail: ReceivedMail, path: 'review' | 'unsubscribe'): string {
  const match = new RegExp(`http://localhost:3000(/${path}/[A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return match[1]!;
}

// One app with pages for the whole file (Vite takes a few seconds to start), on a clock the tests move.
describe(`review requests (${testDatabaseKind})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let now = new Date();
  let owner: string;
  const inject = (options: InjectOptions) => t.app.inject(options);
  const asOwner = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }) =>
    inject({ ...options, headers: { cookie: owner } });
  const deliver = () => t.app.reviewRequestMailer.deliverDue();
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      config: { smtpUrl: smtp.url },
      ssr: { mode: 'development' },
      reviewRequestMailer: { clock: () => now },
    });
    await saveSettings(t.database.db, {
      ...(await getSettings(t.database.db)),
      adminEmail: 'owner@example.com',
      email: 'office@cummingplumbingpros.example',
      addressStreet: '410 Peachtree Pkwy',
      addressCity: 'Cumming',
      addressState: 'GA',
      addressZip: '30041',
      googleReviewUrl: GOOGLE_URL,
      holdReviewsForApproval: true,
    });
    owner = await t.signInAs('admin');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function doneLead(email: string): Promise<number> {
    const sent = await inject({
      method: 'POST',
      url: '/api/contact',
      payload: { firstName: 'Dana', lastName: 'Reyes', email, message: 'Water heater leaking.' },
    });
    expect(sent.statusCode).toBe(201);
    const caller = t.caller(owner);
    const [lead] = (await caller.query('leads.list', { search: email })).json<{
      result: { data: { id: number }[] };
    }>().result.data;
    expect((await caller.mutate('leads.setStatus', { id: lead!.id, status: 'closed' })).statusCode).toBe(200);
    return lead!.id;
  }

  async function askForReview(payload: object) {
    return asOwner({ method: 'POST', url: '/api/admin/review-requests', payload });
  }

  it('asks after a job done: one email with both links, a verified 2-star review held like any, the link single-use, no second request within 6 months, a reply on the page', async () => {
    const leadId = await doneLead('dana@example.com');
    const asked = await askForReview({
      name: 'Dana Reyes',
      email: 'dana@example.com',
      leadId,
      town: 'Suwanee',
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({
      success: true,
      message: 'Review request queued',
      request: { id: expect.any(Number), status: 'queued' },
    });
    await deliver();
    await deliver();
    const mails = smtp.to('dana@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain(GOOGLE_URL);
    expect(mail.text).toContain('410 Peachtree Pkwy, Cumming, GA 30041');
    expect(mail.text).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:3000\/unsubscribe\//);
    const reviewLink = linkIn(mail, 'review');
    const token = reviewLink.slice('/review/'.length);
    // At least 128 bits: 32 random bytes as base64url are 43 characters.
    expect(token.length).toBeGreaterThanOrEqual(22);
    linkIn(mail, 'unsubscribe');

    // Following the link, even twice (a mail scanner first), shows the form with the name and spends nothing.
    for (let visit = 0; visit < 2; visit++) {
      const page = await inject({ method: 'GET', url: reviewLink });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('Dana Reyes');
      expect(page.body).toContain('name="token"');
    }
    const log = (await asOwner({ method: 'GET', url: '/api/admin/review-requests' })).json<{
      requests: { id: number; status: string; leadId: number; openedAt: string | null }[];
    }>();
    expect(log.requests[0]).toMatchObject({ status: 'opened', leadId, openedAt: expect.any(String) });

    const review = { name: 'Dana', secondName: 'Reyes', rating: 2, review: 'Fixed, but came late.' };
    const sent = await inject({ method: 'POST', url: '/api/reviews', payload: { ...review, token } });
    expect(sent.statusCode).toBe(201);
    // Held exactly as a 5-star review without a link is.
    expect(sent.json()).toMatchObject({ pending: true, review: { verified: true, town: 'Suwanee' } });
    const fiveStars = await inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { name: 'Sam', rating: 5, review: 'Great work, five stars.' },
    });
    expect(fiveStars.json()).toMatchObject({ pending: true, review: { verified: false, jobMonth: null } });

    const again = await inject({ method: 'POST', url: '/api/reviews', payload: { ...review, token } });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toMatch(/used already or has expired/);
    expect((await inject({ method: 'GET', url: reviewLink })).body).toContain('has been used for a review');

    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.rating, 2));
    expect(stored).toMatchObject({ verified: true, isVisible: false, town: 'Suwanee' });
    const jobMonth = companyDay(new Date()).slice(0, 7);
    expect(stored!.jobMonth).toBe(jobMonth);

    const shown = await t
      .caller(owner)
      .mutate('adminReviews.setVisible', { id: stored!.id, isVisible: true });
    expect(shown.statusCode).toBe(200);
    const publicReviews = (await inject({ method: 'GET', url: '/api/reviews' })).json<{
      reviews: Record<string, unknown>[];
    }>().reviews;
    expect(publicReviews).toHaveLength(1);
    expect(publicReviews[0]).toMatchObject({
      verified: true,
      jobMonth,
      town: 'Suwanee',
      rating: 2,
      reply: null,
    });
    expect(JSON.stringify(publicReviews)).not.toContain(token);
    const testimonials = await inject({ method: 'GET', url: '/testimonials' });
    expect(testimonials.body).toContain(`Verified customer · job in ${formatJobMonth(jobMonth)} · Suwanee`);
    expect(testimonials.body).toContain('we check reviews only for spam and personal information');

    const second = await askForReview({ name: 'Dana Reyes', email: 'DANA@example.com' });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toMatch(/was asked for a review on .*within 6 months/);

    // The owner answers; the page and the API show it at once.
    const replied = await asOwner({
      method: 'PUT',
      url: `/api/admin/reviews/${stored!.id}/reply`,
      payload: { reply: 'Sorry we were late, Dana. Thank you for telling us.' },
    });
    expect(replied.statusCode).toBe(200);
    const page = await inject({ method: 'GET', url: '/testimonials' });
    expect(page.body).toContain('Reply from the owner');
    expect(page.body).toContain('Sorry we were late, Dana. Thank you for telling us.');
    expect(
      (await inject({ method: 'GET', url: '/api/reviews' })).json<{ reviews: Record<string, unknown>[] }>()
        .reviews[0],
    ).toMatchObject({
      reply: 'Sorry we were late, Dana. Thank you for telling us.',
      repliedAt: expect.any(String),
    });

    // The review came first: four days later no reminder goes.
    later(4 * DAY_MS + 60_000);
    await deliver();
    expect(smtp.to('dana@example.com')).toHaveLength(1);

    const stats = await asOwner({ method: 'GET', url: '/api/admin/stats?days=30' });
    expect(stats.json<{ stats: { reviewRequests: unknown } }>().stats.reviewRequests).toEqual({
      requestsSent: 1,
      reviewsFromRequests: 1,
      averageVerifiedRating: 2,
    });
  });

  it('sends the one reminder four days later when no review came, and never another', async () => {
    const asked = await askForReview({ name: 'Lee Park', email: 'lee@example.com' });
    expect(asked.statusCode).toBe(201);
    await deliver();
    expect(smtp.to('lee@example.com')).toHaveLength(1);
    later(3 * DAY_MS);
    await deliver();
    expect(smtp.to('lee@example.com')).toHaveLength(1);
    later(DAY_MS);
    await deliver();
    const mails = smtp.to('lee@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toMatch(/Subject: Reminder: how did we do\?/);
    expect(linkIn(mails[1]!, 'review')).toBe(linkIn(mails[0]!, 'review'));
    later(30 * DAY_MS);
    await deliver();
    expect(smtp.to('lee@example.com')).toHaveLength(2);
  });

  it('honours an unsubscribe for good: the link only opens a page, its button stops every email', async () => {
    const asked = await askForReview({ name: 'Kim Ortiz', email: 'kim@example.com' });
    expect(asked.statusCode).toBe(201);
    await deliver();
    const [mail] = smtp.to('kim@example.com');
    const unsubscribeLink = linkIn(mail!, 'unsubscribe');

    const opened = await inject({ method: 'GET', url: unsubscribeLink });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('k***@example.com');
    expect(await t.database.db.select().from(reviewRequestUnsubscribes)).toEqual([]);

    const pressed = await inject({
      method: 'POST',
      url: unsubscribeLink,
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pressed.statusCode).toBe(303);
    expect((await inject({ method: 'GET', url: unsubscribeLink })).body).toContain('will never be sent');
    expect(await t.database.db.select().from(reviewRequestUnsubscribes)).toMatchObject([
      { email: 'kim@example.com' },
    ]);

    later(4 * DAY_MS + 60_000);
    await deliver();
    const [reminder] = await t.database.db
      .select()
      .from(reviewRequestEmails)
      .where(eq(reviewRequestEmails.requestId, asked.json<{ request: { id: number } }>().request.id));
    expect(reminder).toBeDefined();
    // Seven months on, the six-month pause is over, and the address is still refused.
    later(213 * DAY_MS);
    const again = await askForReview({ name: 'Kim Ortiz', email: 'Kim@Example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/unsubscribed/);
    await deliver();
    expect(smtp.to('kim@example.com')).toHaveLength(1);
    const emails = await t.database.db.select().from(reviewRequestEmails);
    expect(emails.filter((row) => row.status === 'pending')).toEqual([]);
    // Nothing that was sent or dropped keeps its links' tokens in clear.
    expect(emails.every((row) => row.reviewToken === null && row.unsubscribeToken === null)).toBe(true);
  });

  it('retries a send the receiving server put off, and records a refused address as bounced with no reminder', async () => {
    smtp.refusals.set('later@example.com', [451]);
    smtp.refusals.set('nobody@example.com', [550]);
    expect((await askForReview({ name: 'Pat Later', email: 'later@example.com' })).statusCode).toBe(201);
    expect((await askForReview({ name: 'No Body', email: 'nobody@example.com' })).statusCode).toBe(201);
    await deliver();
    expect(smtp.to('later@example.com')).toHaveLength(0);
    // The retry waits in its row for its time, on the clock requests are counted by.
    later(60_000);
    await deliver();
    expect(smtp.to('later@example.com')).toHaveLength(1);

    const log = (await asOwner({ method: 'GET', url: '/api/admin/review-requests' })).json<{
      requests: { email: string; status: string; reminder: string }[];
    }>().requests;
    expect(log.find((entry) => entry.email === 'later@example.com')).toMatchObject({ status: 'sent' });
    expect(log.find((entry) => entry.email === 'nobody@example.com')).toMatchObject({
      status: 'bounced',
      reminder: 'pending',
    });
    later(4 * DAY_MS + 60_000);
    await deliver();
    const after = (await asOwner({ method: 'GET', url: '/api/admin/review-requests' })).json<{
      requests: { email: string; reminder: string }[];
    }>().requests;
    expect(after.find((entry) => entry.email === 'nobody@example.com')).toMatchObject({
      reminder: 'skipped',
    });
    expect(after.find((entry) => entry.email === 'later@example.com')).toMatchObject({ reminder: 'sent' });
    expect(smtp.to('nobody@example.com')).toHaveLength(0);
  });
});

describe('review requests in backups', () => {
  it('are carried by every archive, after the leads and reviews they point to', () => {
    const names = tablesInForeignKeyOrder().map((table) => table.name);
    for (const table of ['review_requests', 'review_request_emails', 'review_request_unsubscribes'])
      expect(names).toContain(table);
    expect(names.indexOf('contact_submissions')).toBeLessThan(names.indexOf('review_requests'));
    expect(names.indexOf('reviews')).toBeLessThan(names.indexOf('review_requests'));
    expect(names.indexOf('review_requests')).toBeLessThan(names.indexOf('review_request_emails'));
  });
});
