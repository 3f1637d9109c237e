import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, toastWith, waitForHydration } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { useSite } from './support/site.ts';
import { createPost } from './support/site-api.ts';

/** An instant as the site shows a post's date and time, on the clocks of `timeZone`. */
function shownAt(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

describe('the owner edits page text, offers and the look and place of the site', () => {
  const site = useSite();
  const home = async () => (await fetch(`${site.url}/`)).text();

  it('a headline written in the Pages tab shows on the home page; cleared, the built-in one is back', async () => {
    const { page, context } = await site.signedInPage();
    try {
      await page.goto(`${site.url}/admin?tab=pages`);
      await waitForHydration(page);
      const form = page.getByRole('form', { name: 'Home page text' });
      const headline = form.getByLabel('Headline', { exact: true });
      await headline.waitFor();
      await expectNoSeriousAxeViolations(page);
      await headline.fill('Leaks Fixed Today by {company}');
      await form.getByRole('button', { name: 'Save Home page' }).click();
      await toastWith(page, 'Home page saved').waitFor();
      // The cached home page is emptied when the change's notification arrives, a moment after the save
      // answers: within a second, as on every other instance.
      await eventually(
        async () => (await home()).includes('Leaks Fixed Today by Cumming Plumbing Pros</h1>') || undefined,
        5_000,
      );

      await headline.fill('');
      await form.getByRole('button', { name: 'Save Home page' }).click();
      await toastWith(page, 'Home page saved').waitFor();
      await eventually(
        async () => (await home()).includes('Plumbing Problems Fixed Today in Cumming, GA</h1>') || undefined,
        5_000,
      );
    } finally {
      await context.close();
    }
  });

  it('an offer added in the Offers tab shows; one ending in a moment leaves the home page and the API by itself', async () => {
    const { page, context } = await site.signedInPage();
    try {
      await page.goto(`${site.url}/admin?tab=offers`);
      await waitForHydration(page);
      await page.getByLabel('Amount *').fill('$30 Off');
      await page.getByLabel('Title *').fill('Drain Cleaning');
      await page.getByLabel('Fine print').fill('One per home');
      await page.getByLabel('Picture', { exact: true }).selectOption('drawn');
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Add Offer' }).click();
      await toastWith(page, 'Offer created').waitFor();
      await page.getByRole('heading', { name: '$30 Off Drain Cleaning' }).waitFor();
      const html = await home();
      expect(html).toContain('$30 Off Drain Cleaning');
      expect(html).toMatch(/download="coupon-30-off\.png"/);
    } finally {
      await context.close();
    }

    // A time a few seconds ahead (the form takes whole minutes): sent as an instant, as integrations do.
    const cookie = await site.adminCookie();
    const endsAt = new Date(Date.now() + 4_000).toISOString();
    const created = await fetch(`${site.url}/api/admin/offers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ title: 'Flash Sale', amount: '$5 Off', endsAt }),
    });
    expect(created.status).toBe(201);
    await eventually(async () => (await home()).includes('$5 Off Flash Sale') || undefined, 3_000);
    // Kept in the page cache from here on: only the offer timer empties it at the end.
    const cachedHome = await fetch(`${site.url}/`);
    expect(cachedHome.headers.get('x-page-cache')).toBe('hit');
    const offers = async () =>
      (
        (await (await fetch(`${site.url}/api/offers`)).json()) as { offers: { heading: string }[] }
      ).offers.map((offer) => offer.heading);
    expect(await offers()).toContain('$5 Off Flash Sale');

    await eventually(async () => ((await home()).includes('$5 Off Flash Sale') ? undefined : true), 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(endsAt).getTime());
    expect(await offers()).not.toContain('$5 Off Flash Sale');
    expect(await offers()).toContain('$30 Off Drain Cleaning');
    const listed = (await (await fetch(`${site.url}/api/admin/offers`, { headers: { cookie } })).json()) as {
      offers: { heading: string; status: string }[];
    };
    expect(listed.offers.find((offer) => offer.heading === '$5 Off Flash Sale')?.status).toBe('ended');
  });

  it('refuses a brand colour white text cannot be read on, with the reason; America/Denver moves a shown time', async () => {
    const cookie = await site.adminCookie();
    const postId = await createPost(site.url, cookie, {
      type: 'news',
      title: 'Time zone check',
      excerpt: 'When was this published?',
      content: '<p>Now.</p>',
      isPublished: true,
    });
    const article = async () => (await fetch(`${site.url}/news-post?id=${postId}`)).text();
    // The instant the page shows, as its <time> element gives it.
    const publishedAt = /<time dateTime="([^"]+)">/.exec(await article())?.[1];
    expect(publishedAt).toBeDefined();
    const eastern = shownAt(publishedAt!, 'America/New_York');
    const mountain = shownAt(publishedAt!, 'America/Denver');
    expect(await article()).toContain(`>${eastern}</time>`);

    const { page, context } = await site.signedInPage();
    try {
      await page.goto(`${site.url}/admin?tab=settings`);
      await waitForHydration(page);
      const colour = page.getByLabel('Main brand colour');
      await colour.fill('#f97316');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page
        .getByText(
          'Main brand colour #f97316 is too light: white text on it has a contrast of 2.8:1, and WCAG AA needs at least 4.5:1. Choose a darker shade.',
        )
        .waitFor();
      // Refused: the pages keep the colour they had.
      const rootStyle = /<html lang="en" style="([^"]*)"/.exec(await home())?.[1];
      expect(rootStyle).toContain(':#1e3c95');
      expect(rootStyle).not.toContain('#f97316');

      await colour.fill('#1e3c95');
      await page.getByLabel('Time zone').fill('America/Denver');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await toastWith(page, 'Settings saved').waitFor();
    } finally {
      await context.close();
    }
    const shown = await article();
    expect(shown).toContain(`>${mountain}</time>`);
    expect(shown).not.toContain(`>${eastern}</time>`);
  });
});
