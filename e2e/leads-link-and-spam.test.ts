import { describe, expect, it } from 'vitest';
import { openPage, signInThroughForm } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { signInAsAdmin } from './support/site-api.ts';

const lead = (firstName: string, extra: object = {}) => ({
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '470-555-0100',
  service: 'Water Heater Services',
  message: `${firstName} needs a new water heater.`,
  ...extra,
});

async function post(baseUrl: string, path: string, body: object) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

describe('the link in a new-lead email, alert address and spam folders', () => {
  // No ADMIN_EMAIL and no address in Settings: alerts have nowhere to go.
  const site = useSite();

  it('/admin?tab=leads&lead=ID opens that lead in the Leads tab, through sign-in', async () => {
    await post(site.url, '/api/contact', lead('Avery'));
    await post(site.url, '/api/contact', lead('Blake'));
    await post(site.url, '/api/contact', lead('Casey'));
    const cookie = await signInAsAdmin(site.url);
    const leads = (await (await fetch(`${site.url}/trpc/leads.list`, { headers: { cookie } })).json()) as {
      result: { data: { id: number; firstName: string }[] };
    };
    const blake = leads.result.data.find((row) => row.firstName === 'Blake')!;
    const target = `/admin?tab=leads&lead=${blake.id}`;

    const redirect = await fetch(`${site.url}${target}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`/admin-login?next=${encodeURIComponent(target)}`);

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}${target}`);
    await page.waitForURL(`${site.url}/admin-login?next=${encodeURIComponent(target)}`);
    await signInThroughForm(page, site.url, { from: page.url().slice(site.url.length), landsOn: target });

    await expect(page.getByRole('tab', { name: /Leads/ }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    const opened = page.locator('[data-testid="lead"][aria-current="true"]');
    await opened.waitFor();
    await expect(opened.getByRole('heading').textContent()).resolves.toBe('Blake Tester');
    await expect(opened.locator('details').getAttribute('open')).resolves.not.toBeNull();
    await expect(opened.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(page.locator('[data-testid="lead"][aria-current]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says alerts cannot be sent while there is no address, in Leads and Settings, until one is saved', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signInThroughForm(page, site.url);

    await page.getByRole('tab', { name: /Leads/ }).click();
    await page.getByTestId('alerts-cannot-be-sent').waitFor();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByTestId('alerts-cannot-be-sent').waitFor();
    await page.getByLabel('Admin email').fill('office@example.com');
    await page.getByRole('button', { name: /Save/ }).first().click();
    await page.getByText('New-lead alerts currently go to office@example.com.').waitFor();
    await expect(page.getByTestId('alerts-cannot-be-sent').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what the bot checks catch in Spam folders; Not spam restores it', async () => {
    await post(site.url, '/api/contact', lead('Robo', { website: 'http://spam.example' }));
    await post(site.url, '/api/reviews', { name: 'Spambot', review: 'Buy now', formFillMs: 200 });
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signInThroughForm(page, site.url);

    await page.getByRole('tab', { name: /Leads/ }).click();
    const leadNames = () => page.getByTestId('lead').getByRole('heading').allTextContents();
    await page.getByTestId('lead').first().waitFor();
    expect(await leadNames()).not.toContain('Robo Tester');
    await page.getByLabel('Folder').selectOption('spam');
    await page.getByRole('heading', { name: 'Spam (1)' }).waitFor();
    expect(await leadNames()).toEqual(['Robo Tester']);
    await page.getByRole('button', { name: /Not spam/ }).click();
    await page.getByText('The spam folder is empty.').waitFor();
    await page.getByLabel('Folder').selectOption('inbox');
    await page.getByRole('heading', { name: 'Leads (4)' }).waitFor();
    expect(await leadNames()).toContain('Robo Tester');

    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByLabel('Folder').selectOption('spam');
    await page.getByRole('heading', { name: 'Spam (1)' }).waitFor();
    await page.getByRole('button', { name: /Not spam/ }).click();
    await page.getByText('The spam folder is empty.').waitFor();
    const reviews = (await (await fetch(`${site.url}/api/reviews`)).json()) as {
      reviews: { name: string }[];
    };
    expect(reviews.reviews.map((review) => review.name)).toContain('Spambot');
    expect(errors).toEqual([]);
    await context.close();
  });
});
