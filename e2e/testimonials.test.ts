import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteImageUrl } from '../src/shared/site-image-url.ts';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { metaContent, postReview, structuredDataIn } from './support/site-api.ts';

const XSS_TEXT = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';

async function listedReviews(baseUrl: string) {
  const body = (await (await fetch(`${baseUrl}/api/reviews`)).json()) as {
    reviews: { name: string; secondName: string | null; rating: number; review: string }[];
  };
  return body.reviews;
}

function form(page: Page) {
  const section = page.locator('#review-form');
  return {
    section,
    name: section.getByLabel('Name *'),
    secondName: section.getByLabel('Second name (optional)'),
    email: section.getByLabel('Email (optional, not published)'),
    rating: section.getByLabel('Rating *'),
    review: section.getByLabel('Your review *'),
    submit: section.getByRole('button', { name: /Submit Review|Submitting\.\.\./ }),
  };
}

describe('testimonials page', () => {
  const site = useSite();

  it('serves the hero, the empty state and the form in the first HTML, with its metadata and breadcrumb', async () => {
    const html = await (await fetch(`${site.url}/testimonials`)).text();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('What Our Customers Say');
    expect(html).toContain('No reviews yet. Be the first to leave a review!');
    expect(html).not.toContain('Loading reviews...');
    expect(html).toMatch(/<section id="review-form"[^>]*>/);
    expect(html).toContain('Leave a Review');
    expect(html).toContain('<title>Customer Reviews and Testimonials | Cumming Plumbing Pros</title>');
    expect(metaContent(html, 'name', 'description')).toMatch(/^Read what homeowners/);
    expect(metaContent(html, 'name', 'keywords')).toContain('plumber reviews Cumming GA');
    expect(html).toContain(`<link rel="canonical" href="${site.url}/testimonials">`);
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `${site.url}${siteImageUrl('/images/plumber_photo.jpg')}`,
    );
    const breadcrumb = structuredDataIn(html).find((entry) => entry['@type'] === 'BreadcrumbList')!;
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${site.url}/` },
      { '@type': 'ListItem', position: 2, name: 'Testimonials', item: `${site.url}/testimonials` },
    ]);
  });

  it('lands on the form from the #review-form link', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/testimonials#review-form`);
    await waitForHydration(page);
    await page.waitForFunction(() => {
      const top = document.getElementById('review-form')!.getBoundingClientRect().top;
      return window.scrollY > 0 && top >= 0 && top < 200;
    });
    await expect(form(page).name.isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks the form with the review schema and shows the messages next to the fields', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    let posted = 0;
    await page.route('**/api/reviews', (route) => {
      if (route.request().method() === 'POST') posted += 1;
      return route.continue();
    });
    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    const fields = form(page);
    await expect(fields.rating.inputValue()).resolves.toBe('5');
    await fields.name.fill('   ');
    await fields.submit.click();
    await fields.section.getByText('Name is required').waitFor();
    await expect(fields.section.getByText('Review text is required').isVisible()).resolves.toBe(true);
    await expect(fields.name.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(fields.review.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(fields.name.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    // The message is tied to its field for screen readers.
    const describedBy = (await fields.name.getAttribute('aria-describedby'))!;
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe('Name is required');
    expect(posted).toBe(0);

    await fields.name.fill('Maria');
    await fields.submit.click();
    await fields.section.getByText('Name is required').waitFor({ state: 'detached' });
    await expect(fields.section.getByText('Review text is required').isVisible()).resolves.toBe(true);
    expect(posted).toBe(0);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a review, says thanks, resets the form and puts the new review first without sending the email', async () => {
    await postReview(site.url, { name: 'Earlier', rating: 5, review: 'An earlier review.' });
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sentBody: Record<string, unknown> | undefined;
    await page.route('**/api/reviews', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sentBody = route.request().postDataJSON() as Record<string, unknown>;
      await held;
      return route.continue();
    });
    // A fake clock, so the test can spend the seconds a person spends on the form without waiting them.
    await page.clock.install();
    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    const fields = form(page);
    await fields.name.fill('Maria');
    await fields.secondName.fill('  Lopez ');
    await fields.email.fill('maria@example.com');
    await fields.rating.selectOption('4');
    await fields.review.fill('They replaced our water heater the same afternoon.');
    await page.clock.fastForward(30_000);
    await fields.submit.click();

    await fields.section.getByRole('button', { name: 'Submitting...' }).waitFor();
    await expect(fields.section.getByRole('button', { name: 'Submitting...' }).isDisabled()).resolves.toBe(
      true,
    );
    release();

    const status = page.getByRole('status').filter({ hasText: 'Review submitted successfully!' });
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain('Thank you for your feedback.');
    expect(sentBody).toEqual({
      name: 'Maria',
      secondName: 'Lopez',
      rating: 4,
      review: 'They replaced our water heater the same afternoon.',
      website: '',
      formFillMs: expect.any(Number),
    });
    expect((sentBody as { formFillMs: number }).formFillMs).toBeGreaterThanOrEqual(30_000);

    const firstCard = page.getByTestId('review-list').getByRole('listitem').first();
    await expect(firstCard.getByRole('heading').textContent()).resolves.toBe('Maria Lopez');
    await expect(firstCard.getByRole('img', { name: 'Rated 4 out of 5' }).isVisible()).resolves.toBe(true);
    await expect(fields.name.inputValue()).resolves.toBe('');
    await expect(fields.secondName.inputValue()).resolves.toBe('');
    await expect(fields.email.inputValue()).resolves.toBe('');
    await expect(fields.review.inputValue()).resolves.toBe('');
    await expect(fields.rating.inputValue()).resolves.toBe('5');
    await expect(fields.section.getByRole('button', { name: 'Submit Review' }).isEnabled()).resolves.toBe(
      true,
    );

    const stored = await listedReviews(site.url);
    expect(stored[0]).toMatchObject({ name: 'Maria', secondName: 'Lopez', rating: 4 });
    expect(JSON.stringify(stored)).not.toContain('maria@example.com');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells the visitor when the server answers with an error, resets the form and keeps nothing', async () => {
    const before = await listedReviews(site.url);
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.route('**/api/reviews', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"success":false,"message":"Something went wrong"}',
          })
        : route.continue(),
    );
    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    const fields = form(page);
    await fields.name.fill('Offline');
    await fields.review.fill('This one cannot be sent.');
    await fields.submit.click();

    const alert = page.getByRole('alert').filter({ hasText: 'Error submitting review' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('Please check your connection and try again.');
    await expect(fields.name.inputValue()).resolves.toBe('');
    await expect(fields.review.inputValue()).resolves.toBe('');
    await expect(page.getByTestId('review-list').getByText('This one cannot be sent.').count()).resolves.toBe(
      0,
    );
    expect(await listedReviews(site.url)).toHaveLength(before.length);
    await expect(page.evaluate(() => localStorage.getItem('reviewsWaitingToSend'))).resolves.toBeNull();
    // The 500 is the only console error: the browser reports it; nothing else may fail.
    expect(errors.filter((message) => !/Failed to load resource/.test(message))).toEqual([]);
    await context.close();
  });

  it("keeps a review on the device when the server cannot be reached, says 'Review saved locally!', and sends it on the next visit", async () => {
    const before = await listedReviews(site.url);
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.route('**/api/reviews', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    const fields = form(page);
    await fields.name.fill('Patient');
    await fields.review.fill('Written while the server was away.');
    await fields.submit.click();

    const saved = page.getByRole('status').filter({ hasText: 'Review saved locally!' });
    await saved.waitFor();
    await expect(saved.textContent()).resolves.toContain('will be sent on your next visit');
    await expect(fields.name.inputValue()).resolves.toBe('');
    expect(await listedReviews(site.url)).toHaveLength(before.length);

    // The next visit, with the server reachable again: the kept review goes out by itself.
    await page.unroute('**/api/reviews');
    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/api/reviews') && response.request().method() === 'POST',
    );
    await page.reload();
    await expect(sent.then((response) => response.status())).resolves.toBe(201);
    await page.getByTestId('review-list').getByText('Written while the server was away.').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('reviewsWaitingToSend'))).resolves.toBeNull();
    expect(await listedReviews(site.url)).toHaveLength(before.length + 1);
    expect(
      errors.filter((message) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(message)),
    ).toEqual([]);
    await context.close();
  });

  it('draws as many stars as the rating, no more, and names the rating for screen readers', async () => {
    await postReview(site.url, { name: 'Three', rating: 3, review: 'Fine work, arrived late.' });
    await postReview(site.url, { name: 'Five', rating: 5, review: 'Could not have asked for more.' });
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    const starsOf = (text: string) =>
      page.getByTestId('review-list').getByRole('listitem').filter({ hasText: text }).getByRole('img');
    await expect(starsOf('Fine work, arrived late.').getAttribute('aria-label')).resolves.toBe(
      'Rated 3 out of 5',
    );
    await expect(starsOf('Fine work, arrived late.').textContent()).resolves.toBe('★★★');
    await expect(starsOf('Could not have asked for more.').textContent()).resolves.toBe('★★★★★');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a stored review that looks like markup as plain text', async () => {
    await postReview(site.url, { name: '<b>Mallory</b>', rating: 1, review: XSS_TEXT });
    const html = await (await fetch(`${site.url}/testimonials`)).text();
    expect(html).not.toContain('<script>window.__xss');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    const card = page.getByTestId('review-list').getByRole('listitem').filter({ hasText: 'window.__xss=1' });
    await expect(card.locator('p').last().textContent()).resolves.toBe(XSS_TEXT);
    await expect(card.getByRole('heading').textContent()).resolves.toBe('<b>Mallory</b>');
    await expect(card.locator('img, script').count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).resolves.toBeUndefined();
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the scroll-to-top button only after 300 px of scrolling', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    const scrollTop = page.getByRole('button', { name: 'Scroll to top' });
    await page.evaluate(() => window.scrollTo({ top: 299, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY === 299);
    await expect(scrollTop.count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 320, behavior: 'instant' }));
    await scrollTop.waitFor({ state: 'visible' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
