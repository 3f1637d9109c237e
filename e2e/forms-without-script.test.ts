import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MIN_FORM_FILL_MS } from '../src/shared/schemas/spam.ts';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { E2E_ADMIN } from './support/server.ts';
import { useSite } from './support/site.ts';
import { signInAsAdmin } from './support/site-api.ts';

/** The machine is offline: the embedded map gets a stand-in page instead of a failed network request. */
async function stubMap(context: BrowserContext) {
  await context.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title>' }),
  );
}

/**
 * A person takes seconds over a form; a script posting at once is taken for a bot. Without script the
 * server counts from the time in the form's signed stamp, so the test polls that fact, not a sleep.
 */
async function untilFormLooksFilledByAPerson(page: Page) {
  const stamp = await page.locator('input[name="formStamp"]').first().inputValue();
  const renderedAt = Number(stamp.split('.')[0]);
  await expect
    .poll(() => Date.now() - renderedAt, { timeout: 10_000, interval: 100 })
    .toBeGreaterThan(MIN_FORM_FILL_MS + 200);
}

async function listedReviews(baseUrl: string) {
  const body = (await (await fetch(`${baseUrl}/api/reviews`)).json()) as {
    reviews: { name: string; secondName: string | null; rating: number }[];
  };
  return body.reviews;
}

/** Console errors other than the browser noting the 400 a form with mistakes is answered with. */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !error.includes('the server responded with a status of 400'));

async function leadsCsv(baseUrl: string): Promise<string> {
  const cookie = await signInAsAdmin(baseUrl);
  const response = await fetch(`${baseUrl}/api/admin/leads.csv`, { headers: { cookie } });
  return response.text();
}

describe('the public forms without script', () => {
  const site = useSite();
  let context: BrowserContext;

  const noScriptContext = async () => {
    context = await site.browser.newContext({ javaScriptEnabled: false });
    await stubMap(context);
    return context;
  };

  it('contact: a message with a mistake comes back with the message at its field and every value kept; corrected, it is sent and the page says so', async () => {
    const { page, errors } = await openPage(await noScriptContext());
    const requests: { method: string; url: string }[] = [];
    page.on('request', (request) => requests.push({ method: request.method(), url: request.url() }));
    await page.goto(`${site.url}/contact`);
    await page.getByLabel('First Name').fill('Dana');
    await page.getByLabel('Last Name').fill('Whitfield');
    await page.getByLabel('Email').fill('dana-at-example.com');
    await page.getByLabel('Service Needed').selectOption('Water Heater Services');
    await page.getByRole('textbox', { name: 'Message (required)' }).fill('Water heater leaking, no script.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Enter a valid email address').waitFor();

    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('Dana');
    await expect(page.getByLabel('Service Needed').inputValue()).resolves.toBe('Water Heater Services');
    await expect(page.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');

    await page.getByLabel('Email').fill('dana@example.com');
    await untilFormLooksFilledByAPerson(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('status').filter({ hasText: 'Message sent successfully!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    // Every send was a POST: no field ever travelled in an address.
    const sends = requests.filter((request) => new URL(request.url).pathname === '/contact');
    expect(sends.filter((request) => request.method === 'POST')).toHaveLength(2);
    expect(sends.every((request) => !request.url.includes('dana'))).toBe(true);

    const csv = await leadsCsv(site.url);
    expect(csv).toContain('dana@example.com');
    expect(csv).toContain('Water heater leaking, no script.');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('review: sent without script, it is published and listed on the page the visitor lands on', async () => {
    const { page, errors } = await openPage(await noScriptContext());
    await page.goto(`${site.url}/testimonials`);
    await page.getByLabel('Name *').fill('Noel');
    await page.getByLabel('Second name (optional)').fill('Script');
    await page.getByLabel('Email (optional, not published)').fill('noel@example.com');
    await page.getByLabel('Rating *').selectOption('4');
    await page.getByLabel('Your review *').fill('Came out on a Sunday, fixed the leak.');
    await untilFormLooksFilledByAPerson(page);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByRole('status').filter({ hasText: 'Review submitted successfully!' }).waitFor();

    const firstCard = page.getByTestId('review-list').getByRole('listitem').first();
    await expect(firstCard.getByRole('heading').textContent()).resolves.toBe('Noel Script');
    const stored = await listedReviews(site.url);
    expect(stored[0]).toMatchObject({ name: 'Noel', secondName: 'Script', rating: 4 });
    // The email field says it stays on the device; without script it is not sent either.
    expect(JSON.stringify(stored)).not.toContain('noel@example.com');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('review: an empty review comes back with its message and the name kept', async () => {
    const { page } = await openPage(await noScriptContext());
    await page.goto(`${site.url}/testimonials`);
    await page.getByLabel('Name *').fill('Robin');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Review text is required').waitFor();
    await expect(page.getByLabel('Name *').inputValue()).resolves.toBe('Robin');
    await context.close();
  });

  it('sign-in: a wrong password is said on the page, the password never in the address; the right one opens /admin', async () => {
    const { page } = await openPage(await noScriptContext());
    await page.goto(`${site.url}/admin-login`);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-9');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(page.url()).toBe(`${site.url}/admin-login`);
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(E2E_ADMIN.username);
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');

    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${site.url}/admin`);
    expect(page.url()).not.toContain(E2E_ADMIN.password);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    await context.close();
  });

  it('with script, the forms are taken over: they send JSON and the page stays where it is', async () => {
    const withScript = await site.browser.newContext();
    await stubMap(withScript);
    const { page, errors } = await openPage(withScript);
    const documentPosts: string[] = [];
    const jsonPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      if (request.resourceType() === 'document') documentPosts.push(request.url());
      else if (request.headers()['content-type']?.startsWith('application/json'))
        jsonPosts.push(request.url());
    });
    await page.clock.install();

    // The page a no-script send lands on hydrates too, and keeps saying the message was sent.
    await page.goto(`${site.url}/contact?sent=1`);
    await waitForHydration(page);
    await page.getByRole('status').filter({ hasText: 'Message sent successfully!' }).waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${site.url}/contact`);
    await waitForHydration(page);
    await page.getByLabel('First Name').fill('Jo');
    await page.getByLabel('Last Name').fill('Hydrated');
    await page.getByLabel('Email').fill('jo@example.com');
    await page.getByRole('textbox', { name: 'Message (required)' }).fill('Sent by the script.');
    await page.clock.fastForward(30_000);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent successfully! We will contact you soon.').first().waitFor();
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('');

    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    await page.getByLabel('Name *').fill('Jo');
    await page.getByLabel('Your review *').fill('Reviewed with the script.');
    await page.clock.fastForward(30_000);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Thank you for your feedback.').first().waitFor();
    expect(new URL(page.url()).search).toBe('');

    await page.goto(`${site.url}/admin-login`);
    await waitForHydration(page);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${site.url}/admin`);

    expect(documentPosts).toEqual([]);
    expect(jsonPosts.map((url) => new URL(url).pathname)).toEqual([
      '/api/contact',
      '/api/reviews',
      '/api/login',
    ]);
    expect(await leadsCsv(site.url)).toContain('jo@example.com');
    expect(errors).toEqual([]);
    await withScript.close();
  });
});
