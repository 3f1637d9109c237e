import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { E2E_ADMIN } from './support/server.ts';

/** The machine is offline: the embedded map gets a stand-in page instead of a failed network request. */
async function stubMap(context: BrowserContext) {
  await context.route('https://www.google.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Map</title><p>Map of Cumming, GA</p>',
    }),
  );
}

async function fillValidForm(page: Page) {
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Whitfield');
  await page.getByLabel('Email').fill('dana@example.com');
  await page.getByLabel('Phone').fill('(770) 555-0142');
  await page.getByLabel('Service Needed').selectOption('Water Heater Services');
  await page
    .getByRole('textbox', { name: 'Message (required)' })
    .fill('Our water heater is leaking from the bottom.');
}

describe('contact page', () => {
  const site = useSite();

  it('renders the info cards, map, communities and metadata on the server', async () => {
    const html = await (await fetch(`${site.url}/contact`)).text();
    expect(html).toContain('Monday to Friday: 8:00 AM to 6:00 PM');
    expect(html).toContain('Weekend: by appointment');
    expect(html).toMatch(
      /<iframe[^>]*src="https:\/\/www\.google\.com\/maps\?q=Cumming%2C\+GA&amp;output=embed"[^>]*title="Map of Cumming, GA"[^>]*loading="lazy"/,
    );
    for (const town of ['Sugar Hill', 'Suwanee', 'Johns Creek', 'Alpharetta', 'Roswell'])
      expect(html).toContain(`>${town}</li>`);
    expect(html).toContain('<strong>Cumming</strong> <span');
    expect(html).toContain('(home base)');
    expect(html).toContain('Local expertise');
    expect(html).toContain('Community focus');
    expect(html).toMatch(
      /<option value="Tankless Water Installation">Tankless Water Installation<\/option><option value="Other">Other<\/option>/,
    );
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/contact">/);
    expect(html).toContain('"name":"Contact"');
  });

  it('shows the phone and email from settings', async () => {
    const signIn = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const current = await (await fetch(`${site.url}/api/admin/settings`, { headers: { cookie } })).json();
    await fetch(`${site.url}/api/admin/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        ...current.settings,
        phoneNumber: '(470) 555-0123',
        email: 'office@cumming-plumbing.example',
        address: '100 Main St, Cumming, GA 30040',
      }),
    });
    const html = await (await fetch(`${site.url}/contact`)).text();
    expect(html).toContain('<a href="tel:+14705550123">(470) 555-0123</a>');
    expect(html).toContain(
      '<a href="mailto:office@cumming-plumbing.example">office@cumming-plumbing.example</a>',
    );
    expect(html).toContain('100 Main St, Cumming, GA 30040');
  });

  it('shows the schema messages next to the fields and sends nothing while they stand', async () => {
    const context = await site.browser.newContext();
    await stubMap(context);
    const { page, errors } = await openPage(context);
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posts++;
    });
    await page.goto(`${site.url}/contact`);
    await waitForHydration(page);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const firstName = page.getByLabel('First Name');
    await expect(firstName.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = await firstName.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe('First name is required');
    await expect(page.getByText('Last name is required').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Enter a valid email address').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Message is required').isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe(
      'firstName',
    );
    expect(posts).toBe(0);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads Sending... while the message travels, then thanks the visitor and empties the form', async () => {
    const context = await site.browser.newContext();
    await stubMap(context);
    const { page, errors } = await openPage(context);
    // A fake clock, so the test can spend the seconds a person spends on the form without waiting them.
    await page.clock.install();
    await page.goto(`${site.url}/contact`);
    await waitForHydration(page);
    await fillValidForm(page);
    await page.clock.fastForward(20_000);

    // Hold the request until the button's sending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sentBody: unknown;
    await page.route('**/api/contact', async (route) => {
      sentBody = route.request().postDataJSON();
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    await expect(sending.isDisabled()).resolves.toBe(true);
    release();

    await page.getByText('Message sent successfully! We will contact you soon.').waitFor();
    expect(sentBody).toEqual({
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana@example.com',
      phone: '(770) 555-0142',
      service: 'Water Heater Services',
      message: 'Our water heater is leaking from the bottom.',
      website: '',
      formFillMs: expect.any(Number),
    });
    // The fill time counts from the moment the form could be used, so a person's 20 seconds count as such.
    expect((sentBody as { formFillMs: number }).formFillMs).toBeGreaterThanOrEqual(20_000);
    const cookie = await site.adminCookie();
    const leads = await (await fetch(`${site.url}/api/admin/leads.csv`, { headers: { cookie } })).text();
    expect(leads).toContain('Dana,Whitfield,dana@example.com');
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('');
    await expect(page.getByRole('textbox', { name: 'Message (required)' }).inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Service Needed').inputValue()).resolves.toBe('');
    await expect(page.getByRole('button', { name: 'Send Message' }).isEnabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells the visitor when sending fails and keeps what they wrote', async () => {
    const context = await site.browser.newContext();
    await stubMap(context);
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/contact`);
    await waitForHydration(page);
    await fillValidForm(page);
    await page.route('**/api/contact', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Send Message' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Error sending message' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('Please try again later.');
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('Dana');
    // The aborted request is reported by the browser itself; nothing else may have gone wrong.
    expect(errors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
    await context.close();
  });
});
