import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openPage,
  signInThroughForm,
  waitForHydration,
} from './support/browser.ts';
import { useSite } from './support/site.ts';
import { changeSettings as changeSettingsThroughApi, createPost } from './support/site-api.ts';

// Settings that act: each switch changes what a visitor gets, on the server and in the browser.
describe('settings that act on the public site', () => {
  const site = useSite();
  let cookie: string;

  const changeSettings = (change: Record<string, unknown>) =>
    changeSettingsThroughApi(site.url, cookie, change);

  beforeAll(async () => {
    cookie = await site.adminCookie();
  });
  beforeEach(async () => {
    await changeSettings({
      contactFormEnabled: true,
      allowComments: true,
      holdReviewsForApproval: false,
      maintenanceMode: false,
    });
  });

  it('contact form off: the page offers a call instead of the form, and the API refuses and stores nothing', async () => {
    await changeSettings({ contactFormEnabled: false, phoneNumber: '(470) 555-0177' });
    const html = await (await fetch(`${site.url}/contact`)).text();
    expect(html).toContain('Call us to book service');
    expect(html).toContain('href="tel:+14705550177"');
    expect(html).not.toContain('Send Message');
    const refused = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Al', lastName: 'Bo', email: 'al@example.com', message: 'Leak' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('(470) 555-0177');
    const leads = await (await fetch(`${site.url}/api/admin/leads.csv`, { headers: { cookie } })).text();
    expect(leads).not.toContain('al@example.com');

    await changeSettings({ contactFormEnabled: true });
    expect(await (await fetch(`${site.url}/contact`)).text()).toContain('Send Message');
  });

  it('reviews off: the form gives way to a closed note and the API refuses', async () => {
    await changeSettings({ allowComments: false });
    const html = await (await fetch(`${site.url}/testimonials`)).text();
    expect(html).toContain('Reviews are closed at the moment. Thank you for thinking of us!');
    expect(html).not.toContain('Submit Review');
    const refused = await fetch(`${site.url}/api/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Zed', secondName: null, rating: 5, review: 'Closed?' }),
    });
    expect(refused.status).toBe(403);
  });

  it('reviews held for approval: the visitor is told so and the review stays off the page until shown', async () => {
    await changeSettings({ holdReviewsForApproval: true });
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.clock.install();
    await page.goto(`${site.url}/testimonials#review-form`);
    await waitForHydration(page);
    await page.getByLabel('Name *').fill('Held');
    await page.getByLabel('Your review *').fill('Waiting for the owner to approve this one.');
    await page.clock.fastForward(20_000);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const thanks = page.getByRole('status').filter({ hasText: 'Review submitted successfully!' });
    await thanks.waitFor();
    await expect(thanks.textContent()).resolves.toContain(
      'Thank you! Your review will appear after approval.',
    );
    await expect(
      page.getByTestId('review-list').getByText('Waiting for the owner to approve this one.').count(),
    ).resolves.toBe(0);
    expect(await (await fetch(`${site.url}/testimonials`)).text()).not.toContain(
      'Waiting for the owner to approve this one.',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('maintenance mode: public pages answer 503 with Retry-After, name and phone; the owner can still sign in and switch it off', async () => {
    await changeSettings({ maintenanceMode: true, phoneNumber: '(470) 555-0188' });
    for (const path of ['/', '/services', '/news', '/no-such-page']) {
      const response = await fetch(`${site.url}${path}`);
      expect([path, response.status]).toEqual([path, 503]);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await response.text();
      expect(html).toContain('Cumming Plumbing Pros');
      expect(html).toContain('(470) 555-0188');
    }
    expect((await fetch(`${site.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${site.url}/admin-login`)).status).toBe(200);

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signInThroughForm(page, site.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const maintenance = page.getByLabel('Maintenance mode');
    await expect(maintenance.isChecked()).resolves.toBe(true);
    await maintenance.uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor();
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links each post list to its RSS feed from the head', async () => {
    const news = await (await fetch(`${site.url}/news`)).text();
    expect(news).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Cumming Plumbing Pros: News &amp; Updates" href="${site.url}/news/rss.xml">`,
    );
    const advice = await (await fetch(`${site.url}/advice-center`)).text();
    expect(advice).toContain(`href="${site.url}/advice-center/rss.xml"`);
  });

  it('lets staff preview a draft at its public address, marked and noindex, while visitors get a 404', async () => {
    const id = await createPost(site.url, cookie, {
      type: 'advice',
      title: 'Draft about sump pumps',
      excerpt: 'Not ready yet.',
      content: '<p>Still writing.</p>',
      isPublished: false,
    });
    const visitor = await fetch(`${site.url}/post/${id}`);
    expect(visitor.status).toBe(404);
    expect(await visitor.text()).not.toContain('Draft about sump pumps');

    const { context, page, errors } = await site.signedInPage();
    const response = await page.goto(`${site.url}/post/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('note').textContent()).resolves.toContain(
      'Preview: visitors cannot see this post until it is published.',
    );
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
      'noindex, nofollow',
    );
    await page.getByRole('heading', { level: 1, name: 'Draft about sump pumps' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    // A visitor after the owner still gets the 404: the preview was not cached for everyone.
    expect((await fetch(`${site.url}/post/${id}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
