import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import type { SiteStats } from '../src/shared/schemas/stats.ts';

// A person's browser: the headless one says "HeadlessChrome", which is rightly not counted.
const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
// Everyone here shares one address, so a second person needs a browser of their own to be told apart.
const FIREFOX_UA = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('visit counting and the Dashboard', () => {
  const site = useSite();
  let adminCookie: string;
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    adminCookie = await site.adminCookie();
  });

  /** A fresh visitor: no cookies, no storage; every request to another host is noted. */
  async function visitor(
    userAgent = CHROME_UA,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await site.browser.newContext({ userAgent });
    // The contact page embeds a map from Google; the machine is offline, so it gets a stand-in.
    await context.route('https://www.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title>' }),
    );
    context.on('request', (request) => {
      const url = request.url();
      if (/^https?:/.test(url) && !url.startsWith(site.url)) foreignRequests.push(url);
    });
    const { page, errors } = await openPage(context);
    return { context, page, errors };
  }

  async function expectNothingKept(context: BrowserContext, page: Page) {
    expect(await context.cookies()).toEqual([]);
    await expect(page.evaluate(() => localStorage.length + sessionStorage.length)).resolves.toBe(0);
  }

  async function stats(days = 7): Promise<SiteStats> {
    const response = await fetch(`${site.url}/api/admin/stats?days=${days}`, {
      headers: { cookie: adminCookie },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; stats: SiteStats };
    expect(body.success).toBe(true);
    return body.stats;
  }

  /** Counting is written every few seconds: poll the answer until it holds, with a deadline. */
  async function statsWhen(check: (stats: SiteStats) => boolean): Promise<SiteStats> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const current = await stats();
      if (check(current)) return current;
      if (Date.now() > deadline) return current;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('counts a visit from a utm link, a call tap, a lead and a review once each, on the right page and source', async () => {
    // Visitor A follows a link posted on Facebook, taps the phone button, then writes from the contact page.
    const a = await visitor();
    // A fake clock, so the test can spend the seconds a person spends on the form without waiting them.
    await a.page.clock.install();
    await a.page.setContent(`<a href="${site.url}/services?utm_source=facebook">Our plumber</a>`);
    await a.page.getByRole('link', { name: 'Our plumber' }).click();
    await a.page.waitForURL(`${site.url}/services?utm_source=facebook`);
    await waitForHydration(a.page);
    const beacon = a.page.waitForRequest((request) => request.url().endsWith('/api/analytics/call'));
    // The header's call button. There is no phone app here: the link's own navigation is cancelled
    // after the page's listeners have seen the tap.
    await a.page.evaluate(() =>
      document.addEventListener('click', (event) => {
        if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
      }),
    );
    await a.page.locator('header a[href^="tel:"]').first().dispatchEvent('click');
    expect((await beacon).postData()).toBe('/services');
    await a.page.getByRole('navigation').getByRole('link', { name: 'Contact', exact: true }).first().click();
    await a.page.waitForURL(`${site.url}/contact`);
    await waitForHydration(a.page);
    await a.page.getByLabel('First Name').fill('Dana');
    await a.page.getByLabel('Last Name').fill('Whitfield');
    await a.page.getByLabel('Email').fill('dana@example.com');
    await a.page.getByLabel('Phone').fill('(770) 555-0142');
    await a.page.getByLabel('Service Needed').selectOption('Water Heater Services');
    await a.page.getByRole('textbox', { name: 'Message (required)' }).fill('The water heater leaks.');
    await a.page.clock.fastForward(20_000);
    const sent = a.page.waitForResponse((response) => response.url().includes('/api/contact'));
    await a.page.getByRole('button', { name: 'Send Message' }).click();
    const sentResponse = await sent.catch(async (error: unknown) => {
      await a.page.screenshot({ path: '/tmp/i14-shots/contact-fail.png', fullPage: true });
      throw error;
    });
    expect([sentResponse.status(), await sentResponse.text()]).toEqual([201, expect.any(String)]);
    await a.page.getByText('Message sent successfully! We will contact you soon.').waitFor();
    await expectNothingKept(a.context, a.page);
    expect(a.errors).toEqual([]);
    await a.context.close();

    // Visitor B types the address: the services page twice (the second straight from the page cache),
    // then a review.
    const b = await visitor(FIREFOX_UA);
    await b.page.goto(`${site.url}/services`);
    const cached = await b.page.reload();
    expect(cached!.headers()['x-page-cache']).toBe('hit');
    await b.page.clock.install();
    await b.page.goto(`${site.url}/testimonials`);
    await waitForHydration(b.page);
    const review = b.page.locator('#review-form');
    await review.getByLabel('Name *').fill('Maria');
    await review.getByLabel('Your review *').fill('Fixed the leak the same day.');
    await b.page.clock.fastForward(30_000);
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await b.page.getByRole('status').filter({ hasText: 'Review submitted successfully!' }).waitFor();
    await expectNothingKept(b.context, b.page);
    await b.context.close();

    // Not counted: the owner signed in browsing the site and tapping the number, and a crawler.
    const owner = await visitor();
    const [name, value] = adminCookie.split('=') as [string, string];
    await owner.context.addCookies([{ name, value, url: site.url }]);
    await owner.page.goto(`${site.url}/about`);
    await waitForHydration(owner.page);
    await owner.page.evaluate(() =>
      document.addEventListener('click', (event) => {
        if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
      }),
    );
    const ownerBeacon = owner.page.waitForResponse((response) =>
      response.url().endsWith('/api/analytics/call'),
    );
    await owner.page.locator('header a[href^="tel:"]').first().dispatchEvent('click');
    expect((await ownerBeacon).status()).toBe(204);
    await owner.context.close();
    const bot = await visitor(BOT_UA);
    await bot.page.goto(`${site.url}/news`);
    await bot.page.goto(`${site.url}/about`);
    await bot.context.close();

    const result = await statsWhen((current) => current.totals.pageviews >= 5 && current.totals.calls >= 1);
    expect(result.totals).toEqual({ visitors: 2, pageviews: 5, calls: 1, leads: 1, reviews: 1 });
    expect(result.days).toHaveLength(7);
    expect(result.days.at(-1)).toEqual({ date: result.to, visitors: 2, pageviews: 5, calls: 1, leads: 1 });
    expect(result.days.slice(0, 6).every((day) => day.pageviews === 0)).toBe(true);
    expect(result.pages).toEqual([
      { path: '/services', pageviews: 3, visitors: 2, calls: 1, leads: 0 },
      { path: '/contact', pageviews: 1, visitors: 1, calls: 0, leads: 1 },
      { path: '/testimonials', pageviews: 1, visitors: 1, calls: 0, leads: 0 },
    ]);
    expect(result.sources).toEqual([
      { source: 'facebook', visitors: 1, leads: 1 },
      { source: 'direct', visitors: 1, leads: 0 },
    ]);
    // The only other host any page asked for is the contact page's map, which the page has always had.
    expect(foreignRequests.filter((url) => !url.startsWith('https://www.google.com/maps'))).toEqual([]);

    // The owner's Dashboard, the first tab, shows the same figures.
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [cookieName, cookieValue] = adminCookie.split('=') as [string, string];
    await context.addCookies([{ name: cookieName, value: cookieValue, url: site.url }]);
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/admin`);
    await waitForHydration(page);
    await expect(page.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    const total = (key: string) => page.locator(`[data-total="${key}"] > span:nth-child(2)`);
    await page.locator('[data-total="pageviews"]').waitFor();
    await expect(total('visitors').textContent()).resolves.toBe('2');
    await expect(total('pageviews').textContent()).resolves.toBe('5');
    await expect(total('calls').textContent()).resolves.toBe('1');
    await expect(total('leads').textContent()).resolves.toBe('1');
    await expect(total('reviews').textContent()).resolves.toBe('1');
    const row = (table: string, name: string) =>
      page
        .locator(`[data-table="${table}"] tr`)
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row('pages', '/services').locator('td').allTextContents()).resolves.toEqual([
      '3',
      '2',
      '1',
      '0',
    ]);
    await expect(row('pages', '/contact').locator('td').allTextContents()).resolves.toEqual([
      '1',
      '1',
      '0',
      '1',
    ]);
    await expect(row('sources', 'facebook').locator('td').allTextContents()).resolves.toEqual(['1', '1']);
    await expect(row('sources', 'direct').locator('td').allTextContents()).resolves.toEqual(['1', '0']);
    // The chart library arrives with the tab and draws a canvas.
    await page.locator('[data-chart="daily"] canvas').waitFor();
    const shots = process.env.DASHBOARD_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/dashboard-1280.png`, fullPage: true });
    // On a phone nothing is wider than the screen: the page does not scroll sideways.
    const phone = await site.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await phone.addCookies([{ name: cookieName, value: cookieValue, url: site.url }]);
    const phonePage = await phone.newPage();
    await phonePage.goto(`${site.url}/admin`);
    await waitForHydration(phonePage);
    await phonePage.getByRole('button', { name: 'Last 7 days' }).click();
    await phonePage.locator('[data-chart="daily"] canvas').waitFor();
    await expect(phonePage.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(390);
    if (shots) await phonePage.screenshot({ path: `${shots}/dashboard-390.png`, fullPage: true });
    await phone.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers 401 without a session and 400 for a bad number of days', async () => {
    const anonymous = await fetch(`${site.url}/api/admin/stats`);
    expect(anonymous.status).toBe(401);
    for (const days of ['0', '366', 'abc', '2.5']) {
      const response = await fetch(`${site.url}/api/admin/stats?days=${days}`, {
        headers: { cookie: adminCookie },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        message: 'days must be a whole number from 1 to 365',
        errors: { days: ['days must be a whole number from 1 to 365'] },
      });
    }
    const standard = await stats(30);
    const fallback = (await (
      await fetch(`${site.url}/api/admin/stats`, { headers: { cookie: adminCookie } })
    ).json()) as { stats: SiteStats };
    expect(fallback.stats.days).toHaveLength(30);
    expect(fallback.stats.from).toBe(standard.from);
    expect(Object.keys(fallback.stats).sort()).toEqual([
      'days',
      'from',
      'pages',
      'reviewRequests',
      'sources',
      'to',
      'totals',
    ]);
  });
});
