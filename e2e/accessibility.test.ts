// Every public route, on a phone and on a desktop: axe finds nothing serious, the page has one <h1> and a
// language, every image says what it shows (or says it is decoration), and a keyboard user can skip to the
// content and sees where focus is.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { createPost, postReview } from './support/site-api.ts';

describe('accessibility of every public route', () => {
  const site = useSite();
  const routes = [
    '/',
    '/about',
    '/contact',
    '/services',
    '/testimonials',
    '/news',
    '/advice-center',
    '/admin-login',
    '/no-such-page',
  ];

  beforeAll(async () => {
    const cookie = await site.adminCookie();
    const postId = await createPost(site.url, cookie, {
      type: 'news',
      title: 'Freeze warning: protect your pipes tonight',
      excerpt: 'Four quick steps before the temperature drops.',
      content:
        '<h2>Before dark</h2><p>Open cabinet doors under sinks on outside walls.</p><ul><li>Drip faucets</li><li>Cover hose bibs</li></ul>',
      image: '/images/services/water-heater-1.jpg',
      isPublished: true,
    });
    await postReview(site.url, {
      name: 'Maria',
      secondName: 'Lopez',
      rating: 4,
      review: 'On time and tidy.',
    });
    routes.push(`/post/${postId}`, `/news-post?id=${postId}`);
  });

  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    it(`passes axe on every route on a ${device}, with one h1, a language and alt text on every image`, async () => {
      const context = await site.browser.newContext({ viewport });
      const { page, errors } = await openPage(context);
      for (const route of routes) {
        await page.goto(`${site.url}${route}`);
        await waitForHydration(page);
        await expectNoSeriousAxeViolations(page);
        const facts = await page.evaluate(() => ({
          h1: document.querySelectorAll('h1').length,
          lang: document.documentElement.lang,
          imagesWithoutAlt: [...document.images]
            .filter((image) => !image.hasAttribute('alt'))
            .map((image) => image.src),
        }));
        expect(facts, route).toEqual({ h1: 1, lang: 'en', imagesWithoutAlt: [] });
      }
      // The unknown route's 404 is expected; nothing else may fail.
      expect(errors.filter((error) => !/404 \(Not Found\)/.test(error))).toEqual([]);
      await context.close();
    });
  }

  it('lets a keyboard user skip to the content first, and shows the focus with a visible ring', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/services`);
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    const ring = await skip.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
    });
    expect(ring.outline).toBe('solid');
    expect(ring.width).toBe('3px');
    expect(ring.shadow).toContain('0px 0px 0px 2px');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    expect(errors).toEqual([]);
    await context.close();
  });
});
