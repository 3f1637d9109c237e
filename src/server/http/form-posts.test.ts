import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactSubmissions, reviews } from '../../../db/schema/index.ts';
import { getSettings, saveSettings } from '../services/settings.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

/** Whether the HTML has a `tag` element with all these attribute values, in any order. */
function hasElement(html: string, tag: string, attributes: Record<string, string>): boolean {
  return (html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? []).some((element) =>
    Object.entries(attributes).every(([name, value]) =>
      new RegExp(`\\s${name}="${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).test(element),
    ),
  );
}

// The public forms sent as plain HTML form posts (no script): the real app with its pages (Vite in
// middleware mode), through app.inject.
describe(`forms sent without script (${testDatabaseKind})`, () => {
  let t: TestApp;
  const ORIGIN = 'http://localhost:3000';

  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  /** The signed stamp the page's form carries, read from the page as a browser would send it back. */
  async function stampOf(url: string): Promise<string> {
    t.app.pageCache.clear();
    const html = (await t.app.inject({ method: 'GET', url })).body;
    return /<input type="hidden" name="formStamp" value="([^"]+)"/.exec(html)![1]!;
  }

  /** A stamp the visitor has looked at for `seconds` before sending (the clock is moved, not waited on). */
  async function stampAged(url: string, seconds: number): Promise<string> {
    const stamp = await stampOf(url);
    vi.setSystemTime(Date.now() + seconds * 1000);
    return stamp;
  }

  const lead = {
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana@example.com',
    phone: '(770) 555-0142',
    service: 'Water Heater Services',
    message: 'Our water heater is leaking from the bottom.',
    hp_field: '',
  };

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.database.db.delete(contactSubmissions);
    await t.database.db.delete(reviews);
    await saveSettings(t.database.db, {
      ...(await getSettings(t.database.db)),
      contactFormEnabled: true,
      holdReviewsForApproval: false,
    });
  });

  it('every form posts to its own page and every input names its type', async () => {
    for (const [url, action] of [
      ['/contact', '/contact'],
      ['/testimonials', '/testimonials#review-form'],
      ['/admin-login', '/admin-login'],
    ] as const) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      expect(hasElement(html, 'form', { method: 'post', action }), url).toBe(true);
      const inputs = html.match(/<input\b[^>]*>/g) ?? [];
      expect(inputs.length, url).toBeGreaterThan(1);
      for (const input of inputs) expect(input, url).toMatch(/\btype="[a-z-]+"/);
      // Nothing waits for the script before it can be sent.
      expect(html, url).not.toMatch(/<button type="submit"[^>]*disabled/);
    }
  });

  it('a contact message is stored and the visitor redirected to the page saying it was sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const formStamp = await stampAged('/contact', 20);
    const response = await post('/contact', { ...lead, formStamp });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/contact?sent=1');
    const stored = await t.database.db.select().from(contactSubmissions);
    expect(stored).toMatchObject([{ firstName: 'Dana', email: 'dana@example.com', phone: '(770) 555-0142' }]);

    const page = await t.app.inject({ method: 'GET', url: response.headers.location as string });
    expect(page.body).toContain('Message sent successfully! We will contact you soon.');
  });

  it('a contact message with mistakes gets the page back with the messages at their fields and the values kept', async () => {
    t.app.pageCache.clear();
    const response = await post('/contact', { ...lead, email: 'not-an-email', message: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Enter a valid email address');
    expect(response.body).toContain('Message is required');
    expect(hasElement(response.body, 'input', { name: 'firstName', value: 'Dana' })).toBe(true);
    expect(
      hasElement(response.body, 'input', { name: 'email', value: 'not-an-email', 'aria-invalid': 'true' }),
    ).toBe(true);
    expect(await t.database.db.select().from(contactSubmissions)).toEqual([]);
    // The answer is the visitor's alone: the page cache never keeps it.
    expect(t.app.pageCache.size).toBe(0);
  });

  it('the fill time comes from the signed stamp: sent at once, or with the honeypot filled, it is taken for a bot', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const quick = await stampAged('/contact', 1);
    const atOnce = await post('/contact', { ...lead, formStamp: quick });
    // A bot is told it succeeded, as the JSON call tells it.
    expect(atOnce.statusCode).toBe(303);
    const slow = await stampAged('/contact', 30);
    const honeypot = await post('/contact', { ...lead, hp_field: 'http://spam.example', formStamp: slow });
    expect(honeypot.statusCode).toBe(303);
    // Both are kept in the Spam folder, never in the inbox.
    const caught = await t.database.db.select().from(contactSubmissions);
    expect(caught.map((row) => row.isSpam)).toEqual([true, true]);

    // A forged or missing stamp is no fill time at all (as a JSON call without one): the message is kept.
    const forged = await post('/contact', { ...lead, formStamp: `${Date.now() - 60_000}.${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(303);
    const kept = await t.database.db.select().from(contactSubmissions);
    expect(kept.filter((row) => !row.isSpam)).toHaveLength(1);
  });

  it('a message sent after the owner turned the contact form off is refused with the page saying so', async () => {
    await saveSettings(t.database.db, { ...(await getSettings(t.database.db)), contactFormEnabled: false });
    const response = await post('/contact', lead);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Our online form is closed right now.');
    expect(await t.database.db.select().from(contactSubmissions)).toEqual([]);
  });

  it('a form post from another site, or one saying nowhere where it comes from, is refused and nothing stored', async () => {
    const foreign = await post('/contact', lead, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const unsaid = await t.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(lead).toString(),
    });
    expect(unsaid.statusCode).toBe(403);
    expect(unsaid.body).toContain('This form must be sent from its page on our site.');
    // A browser's same-origin post says so with Sec-Fetch-Site even without Origin.
    const fetchSite = await t.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams(lead).toString(),
    });
    expect(fetchSite.statusCode).toBe(303);
    expect(await t.database.db.select().from(contactSubmissions)).toHaveLength(1);
  });

  it('the JSON calls still refuse a form-encoded body', async () => {
    const response = await post('/api/contact', lead);
    expect(response.statusCode).toBe(415);
    expect(await t.database.db.select().from(contactSubmissions)).toEqual([]);
  });

  it('a review is published and the visitor redirected to the reviews, which list it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const formStamp = await stampAged('/testimonials', 40);
    const response = await post('/testimonials', {
      name: 'Lee',
      secondName: 'Hart',
      rating: '4',
      review: 'Fixed our drain the same day.',
      hp_field: '',
      formStamp,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/testimonials?sent=published#review-form');
    expect(await t.database.db.select().from(reviews)).toMatchObject([
      { name: 'Lee', secondName: 'Hart', rating: 4, isVisible: true },
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/testimonials?sent=published' });
    expect(page.body).toContain('Fixed our drain the same day.');
    expect(page.body).toContain('Review submitted successfully! Thank you for your feedback.');
  });

  it('a review held for approval says so; one with mistakes comes back with its messages and values', async () => {
    await saveSettings(t.database.db, {
      ...(await getSettings(t.database.db)),
      holdReviewsForApproval: true,
    });
    const held = await post('/testimonials', { name: 'Lee', rating: '5', review: 'Great work.' });
    expect(held.headers.location).toBe('/testimonials?sent=held#review-form');
    expect(await t.database.db.select().from(reviews)).toMatchObject([{ isVisible: false }]);

    const wrong = await post('/testimonials', { name: 'Lee', rating: '9', review: '' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Review text is required');
    expect(wrong.body).toContain('Rating must be a number from 1 to 5');
    expect(hasElement(wrong.body, 'input', { name: 'name', value: 'Lee' })).toBe(true);
    expect(await t.database.db.select().from(reviews)).toHaveLength(1);
  });

  it('a sign-in sets the session and redirects to /admin; a wrong password comes back without the password', async () => {
    await t.signInAs('admin', 'formowner');
    const good = await post('/admin-login', { username: 'formowner', password: TEST_PASSWORD, hp_field: '' });
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe('/admin');
    const session = good.cookies.find((cookie) => cookie.name === 'session');
    expect(session?.value).toBeTruthy();
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const admin = await t.app.inject({ method: 'GET', url: '/admin', cookies: { session: session!.value } });
    expect(admin.statusCode).toBe(200);

    // The link of a new-lead email, opened before signing in, is where the sign-in returns; only admin
    // addresses are followed.
    const toLead = await post('/admin-login?next=%2Fadmin%3Ftab%3Dleads%26lead%3D7', {
      username: 'formowner',
      password: TEST_PASSWORD,
    });
    expect(toLead.headers.location).toBe('/admin?tab=leads&lead=7');
    const elsewhere = await post('/admin-login?next=https%3A%2F%2Fevil.example', {
      username: 'formowner',
      password: TEST_PASSWORD,
    });
    expect(elsewhere.headers.location).toBe('/admin');

    const bad = await post('/admin-login', { username: 'formowner', password: 'wrong-password-123' });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toContain('Invalid username or password');
    expect(hasElement(bad.body, 'input', { name: 'username', value: 'formowner' })).toBe(true);
    expect(bad.body).not.toContain('wrong-password-123');
    expect(bad.cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
  });

  it("the admin header's Logout signs out by a form post, without script, and goes to the sign-in page", async () => {
    const cookie = await t.signInAs('admin', 'logoutowner');
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } })).json();
    expect(await status()).toMatchObject({ authenticated: true });
    const panel = (await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie } })).body;
    expect(hasElement(panel, 'form', { method: 'post', action: '/admin-login' })).toBe(true);
    expect(hasElement(panel, 'input', { type: 'hidden', name: 'signOut' })).toBe(true);

    // From another site, or saying nowhere where it comes from, it signs nobody out.
    const foreign = await post('/admin-login', { signOut: '1' }, { cookie, origin: 'https://evil.example' });
    expect(foreign.statusCode, foreign.body).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/admin-login',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'signOut=1',
    });
    // Refused, it answers with the sign-in page, which sends the still signed-in owner back to the panel.
    expect([noOrigin.statusCode, noOrigin.headers.location]).toEqual([302, '/admin']);
    expect(await status()).toMatchObject({ authenticated: true });

    const loggedOut = await post('/admin-login', { signOut: '1' }, { cookie });
    expect(loggedOut.statusCode).toBe(303);
    expect(loggedOut.headers.location).toBe('/admin-login');
    expect(loggedOut.cookies.find((sent) => sent.name === 'session')?.value).toBe('');
    // The session is over on the server, not only forgotten by this browser.
    expect(await status()).toEqual({ authenticated: false });
  });
});
