import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openPage,
  signInThroughForm,
  toastWith,
  waitForHydration,
} from './support/browser.ts';
import { useSite } from './support/site.ts';
import { E2E_ADMIN } from './support/server.ts';

/** Signs in through the real form and lands on the panel, then opens the posts (the Dashboard comes first). */
async function signIn(
  page: Page,
  baseUrl: string,
  credentials: { username: string; password: string } = E2E_ADMIN,
) {
  await signInThroughForm(page, baseUrl, { credentials });
  await page.getByRole('tab', { name: 'Content Management' }).click();
}

describe('admin area', () => {
  const site = useSite();

  it('sends a visitor without a session from /admin to /admin-login before any admin HTML is rendered', async () => {
    const response = await fetch(`${site.url}/admin`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin-login');
    expect(await response.text()).not.toContain('Content Management');
  });

  it('shows the server message for a wrong password, reads Signing in... while it checks, then opens the panel', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/admin-login`);
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page);

    const password = page.getByLabel('Password', { exact: true });
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await password.fill('not the password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Invalid username or password');

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await password.fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const signingIn = page.getByRole('button', { name: 'Signing in...' });
    await signingIn.waitFor();
    await expect(signingIn.isDisabled()).resolves.toBe(true);
    release();
    await page.waitForURL(`${site.url}/admin`);
    await waitForHydration(page);
    await expect(page.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );

    // Signed in, the sign-in page sends the owner straight on.
    await page.goto(`${site.url}/admin-login`);
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
    await context.close();
  });

  it("shows 'Login failed. Please try again.' when the network fails", async () => {
    const context = await site.browser.newContext();
    const { page } = await openPage(context);
    await page.goto(`${site.url}/admin-login`);
    await waitForHydration(page);
    await page.route('**/api/login', (route) => route.abort('failed'));
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password', { exact: true }).fill('whatever it is');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Login failed. Please try again.');
    await context.close();
  });

  it('excerpt required (like title and content): an empty post form lists every message under Validation error', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url);
    await page.getByRole('button', { name: 'Create Post' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Validation error' });
    await summary.waitFor();
    const text = await summary.textContent();
    for (const message of ['Title is required', 'Excerpt is required', 'Content is required'])
      expect(text).toContain(message);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('counts the posts in the list heading only once the list has arrived', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // tRPC may batch the list with other reads: any request that carries it waits.
    await page.route(/\/trpc\/[^?]*adminPosts\.list/, async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, site.url);
    const heading = page.locator('#all-posts-title');
    await page.getByText('Loading posts...').waitFor();
    await expect(heading.textContent()).resolves.toBe('All Posts');
    release();
    await page.getByTestId('admin-post').first().waitFor();
    const count = await page.getByTestId('admin-post').count();
    await expect(heading.textContent()).resolves.toBe(`All Posts (${count})`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a draft with an uploaded photo, publishes it for visitors, edits, unpublishes and deletes it', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url);
    // The first start seeds built-in posts; count what is there once the list has loaded.
    await page.getByTestId('admin-post').first().waitFor();
    const postsBefore = await page.getByTestId('admin-post').count();

    await page.getByLabel('Type').selectOption('news');
    await page.getByLabel('Title *').fill('Spring water heater check');
    await page.getByLabel('Excerpt *').fill('Flush the tank before summer.');
    const editor = page.getByRole('textbox', { name: 'Content *' });
    await editor.click();
    await page.keyboard.type('Sediment shortens a tank heater’s life.');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' Flush it yearly.');

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Upload an image (JPEG, PNG, GIF, WebP, AVIF)')
      .setInputFiles({ name: 'heater.png', mimeType: 'image/png', buffer: png });
    await toastWith(page, 'Image uploaded').waitFor();
    const imagePath = await page.getByLabel('Image path or URL').inputValue();
    expect(imagePath).toMatch(/^\/uploads\/[a-f0-9]+\.png$/);
    await expect(
      page.getByRole('img', { name: 'Preview of the chosen image' }).getAttribute('src'),
    ).resolves.toBe(imagePath);

    await page.getByRole('button', { name: 'Create Post' }).click();
    await toastWith(page, 'Post created').waitFor();
    await page.getByRole('heading', { name: `All Posts (${postsBefore + 1})` }).waitFor();
    const row = page.getByTestId('admin-post').filter({ hasText: 'Spring water heater check' });
    await expect(row.textContent()).resolves.toContain('Draft');
    await expect(row.textContent()).resolves.toContain('Recently created');
    // The form went back to a blank advice draft.
    await expect(page.getByLabel('Title *').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Type').inputValue()).resolves.toBe('advice');

    // Drafts never reach visitors.
    expect(await (await fetch(`${site.url}/news`)).text()).not.toContain('Spring water heater check');

    await row.getByRole('button', { name: 'Publish Spring water heater check' }).click();
    await toastWith(page, 'Post published').waitFor();
    await expect(toastWith(page, 'Post published').textContent()).resolves.toContain(
      'Post is now visible to visitors',
    );
    await row.getByText('Published').waitFor();
    const news = await (await fetch(`${site.url}/news`)).text();
    expect(news).toContain('Spring water heater check');
    // The photo itself, or once they are made, its smaller copies (named after it).
    expect(news).toContain(imagePath.replace(/\.png$/, ''));
    const cookie = await site.adminCookie();
    const stored = (await (await fetch(`${site.url}/api/admin/posts`, { headers: { cookie } })).json()) as {
      newsPosts: { id: number; content: string }[];
    };
    expect(stored.newsPosts.find((post) => post.content.includes('Sediment'))!.content).toBe(
      '<p>Sediment shortens a tank heater’s life.<strong> Flush it yearly.</strong></p>',
    );

    await row.getByRole('button', { name: 'Edit Spring water heater check' }).click();
    await page.getByRole('heading', { name: 'Edit Post' }).waitFor();
    await page.getByLabel('Title *').fill('Spring water heater checklist');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await toastWith(page, 'Post updated').waitFor();
    await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
    const renamed = page.getByTestId('admin-post').filter({ hasText: 'Spring water heater checklist' });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Unpublish Spring water heater checklist' }).click();
    await toastWith(page, 'Post unpublished').waitFor();
    expect(await (await fetch(`${site.url}/news`)).text()).not.toContain('Spring water heater checklist');

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this post?');
      void dialog.accept();
    });
    await renamed.getByRole('button', { name: 'Delete Spring water heater checklist' }).click();
    await toastWith(page, 'Post deleted').waitFor();
    await page.getByRole('heading', { name: `All Posts (${postsBefore})` }).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('clears the image field and says so when an upload is refused', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url);
    const pathField = page.getByLabel('Image path or URL');
    await pathField.fill('/images/plumber_photo.jpg');
    await page.getByLabel('Upload an image (JPEG, PNG, GIF, WebP, AVIF)').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    const refused = toastWith(page, 'Upload error');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain('File upload failed');
    await expect(pathField.inputValue()).resolves.toBe('');
    // The refused upload answered 415; the browser logs that response, nothing else went wrong.
    expect(errors.filter((error) => !error.includes('415'))).toEqual([]);
    await context.close();
  });

  it('saves settings, reading Saving... meanwhile, and the public header shows the new phone', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const phone = page.getByLabel('Phone number');
    await phone.fill('not a phone');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toastWith(page, 'Save failed').waitFor();
    await expect(page.getByText('Enter a 10-digit US phone number').isVisible()).resolves.toBe(true);

    await phone.fill('(678) 555-0199');
    // The address in parts, each checked; the coordinates go in pairs.
    await page.getByLabel('Street address').fill('220 Canton Hwy');
    await page.getByLabel('State').fill('Georgia');
    await page.getByLabel('Latitude').fill('34.2073');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Enter a two-letter state code such as GA').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Enter both latitude and longitude, or neither').isVisible()).resolves.toBe(
      true,
    );
    await page.getByLabel('State').fill('GA');
    await page.getByLabel('Longitude').fill('-84.1402');
    await page.getByLabel('Price range').fill('$$');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/adminSettings.save**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByRole('button', { name: 'Saving...' }).waitFor();
    release();
    const saved = toastWith(page, 'Settings saved');
    await saved.waitFor();
    await expect(saved.textContent()).resolves.toContain('Your settings have been updated successfully');
    await expectNoSeriousAxeViolations(page);

    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toContain('(678) 555-0199');
    expect(home).toContain('tel:+16785550199');
    // The footer shows the address as one line made of its parts.
    expect(home).toContain('<li>220 Canton Hwy, Cumming, GA 30040</li>');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("overrides one page's search and sharing text, counting what a search result shows, and the page head carries it", async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Search & sharing' });
    await section.getByLabel('Page').selectOption('/services');
    await section
      .getByLabel('Title', { exact: true })
      .fill('Drain, sewer and water heater repair in Cumming');
    await expect(
      section.getByText('47 of about 60 characters show in search results.').isVisible(),
    ).resolves.toBe(true);
    await section.getByLabel('Sharing title').fill('Same-day plumbing in Forsyth County');
    await section.getByLabel('Sharing image').fill('javascript:alert(1)');
    await section.getByRole('button', { name: 'Save Search & sharing' }).click();
    await expect(
      section.getByText('Sharing image must be a path starting with / or a full http(s) address').isVisible(),
    ).resolves.toBe(true);
    await section.getByLabel('Sharing image').fill('/images/plumber_photo.jpg');
    await section.getByRole('button', { name: 'Save Search & sharing' }).click();
    await toastWith(page, 'Search & sharing saved').waitFor();
    await expectNoSeriousAxeViolations(page);

    const html = await (await fetch(`${site.url}/services`)).text();
    expect(html).toContain(
      '<title>Drain, sewer and water heater repair in Cumming | Cumming Plumbing Pros</title>',
    );
    expect(html).toContain('<meta property="og:title" content="Same-day plumbing in Forsyth County">');
    expect(html).toContain(`<link rel="canonical" href="${site.url}/services">`);
    // Other pages keep their own.
    expect(await (await fetch(`${site.url}/about`)).text()).not.toContain(
      'Same-day plumbing in Forsyth County',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows new leads with a count on the tab, and marking one contacted takes it off the count', async () => {
    await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: 'rosa@example.com',
        phone: '(770) 555-0111',
        service: 'Water Heater Services',
        message: 'No hot water since this morning.',
      }),
    });
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url);
    const leadsTab = page.getByRole('tab', { name: /Leads/ });
    await page.getByRole('tab', { name: 'Leads 1 new' }).waitFor();
    await leadsTab.click();
    const lead = page.getByTestId('lead').filter({ hasText: 'Rosa Diaz' });
    await expect(lead.getByRole('link', { name: 'Call (770) 555-0111' }).getAttribute('href')).resolves.toBe(
      'tel:+17705550111',
    );
    await expect(
      lead.getByRole('link', { name: 'Email rosa@example.com' }).getAttribute('href'),
    ).resolves.toMatch(/^mailto:rosa@example\.com\?subject=/);
    await lead.getByText('No hot water since this morning.').first().waitFor();
    await lead.getByLabel('Status of Rosa Diaz').selectOption('contacted');
    await toastWith(page, 'Lead marked contacted').waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[role="tab"][id="tab-leads"]')?.textContent?.includes('new'),
    );

    await page.getByLabel('Search name, email, phone or text').fill('nobody-matches-this');
    await page.getByText('No leads match this filter.').waitFor();
    await expect(page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).resolves.toBe(
      '/api/admin/leads.csv?search=nobody-matches-this',
    );
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides a review from visitors and shows it again', async () => {
    await fetch(`${site.url}/api/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Vera', secondName: null, rating: 4, review: 'Quick and tidy.' }),
    });
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const review = page.getByTestId('admin-review').filter({ hasText: 'Quick and tidy.' });
    await review.getByRole('button', { name: 'Hide the review by Vera' }).click();
    await toastWith(page, 'Review hidden').waitFor();
    expect(await (await fetch(`${site.url}/testimonials`)).text()).not.toContain('Quick and tidy.');
    await review.getByRole('button', { name: 'Show the review by Vera' }).click();
    await toastWith(page, 'Review shown').waitFor();
    expect(await (await fetch(`${site.url}/testimonials`)).text()).toContain('Quick and tidy.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin adds an editor from Account; the editor has no Settings tab and changes their own password', async () => {
    const adminContext = await site.browser.newContext();
    const admin = await openPage(adminContext);
    await signIn(admin.page, site.url);
    await admin.page.getByRole('tab', { name: 'Account' }).click();
    const team = admin.page.getByRole('region', { name: 'Team' });
    await team.getByLabel('Username').fill('eddie');
    await team.getByLabel('Email').fill('eddie@example.com');
    await team.getByLabel('Password').fill('short');
    await team.getByRole('button', { name: 'Add editor' }).click();
    await expect(team.getByText('Use at least 12 characters').isVisible()).resolves.toBe(true);
    await team.getByLabel('Password').fill('editor password 123');
    await team.getByRole('button', { name: 'Add editor' }).click();
    await toastWith(admin.page, 'Editor added').waitFor();
    await team.getByTestId('team-member').filter({ hasText: 'eddie' }).waitFor();
    await expectNoSeriousAxeViolations(admin.page);
    expect(admin.errors).toEqual([]);
    await adminContext.close();

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url, { username: 'eddie', password: 'editor password 123' });
    // Editors edit content, offers and page text too; not settings.
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual([
      'Dashboard',
      'Content Management',
      'Services',
      'Service areas',
      'Offers',
      'Pages',
      'Media',
      'Leads',
      'Bookings',
      'Reviews',
      'Trash',
      'Account',
      'Activity',
    ]);
    await page.goto(`${site.url}/admin#settings`);
    // Only the hash changed: load the page again so the panel reads it afresh.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );

    await page.getByRole('tab', { name: 'Account' }).click();
    await expect(page.getByRole('region', { name: 'Team' }).count()).resolves.toBe(0);
    await page.getByLabel('Current password').fill('editor password 123');
    await page.getByLabel('New password', { exact: true }).fill('a fresh editor password');
    await page.getByLabel('Repeat the new password').fill('a fresh editor password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toastWith(page, 'Password changed').waitFor();
    const relogin = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'eddie', password: 'a fresh editor password' }),
    });
    expect(relogin.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logout returns to /admin-login and the old session cookie no longer works', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signIn(page, site.url);
    const cookie = (await context.cookies()).find((c) => c.name === 'session')!;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/admin-login`);
    const status = await fetch(`${site.url}/api/auth/status`, {
      headers: { cookie: `session=${cookie.value}` },
    });
    expect(await status.json()).toEqual({ authenticated: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
