import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteImageUrl } from '../src/shared/site-image-url.ts';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import {
  changeSettings,
  createPost,
  deletePost,
  listAdminPosts,
  metaContent,
  postReview,
  structuredDataIn,
} from './support/site-api.ts';

const reviewCounter = (page: Page) => page.getByText(/^Review \d+ of \d+$/);
const visibleReviewCards = (page: Page) =>
  page.locator('[data-testid="review-slide"] >> visible=true').count();

describe('home page', () => {
  const site = useSite();
  let adminCookie: string;

  beforeAll(async () => {
    adminCookie = await site.adminCookie();
  });

  it('serves every section, in order, in the first HTML, without a reviews carousel while there are no reviews', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const order = [
      'Proudly serving:',
      'Emergency Service',
      'Our Plumbing Services',
      '$25 Off Any Plumbing Service',
      '$50 Off Your First Service',
      'Latest News and Updates',
      'Services Homeowners Call Us For Most',
      'Your Local Plumbing Experts',
      'Need a Plumber Today?',
    ].map((text) => html.indexOf(text));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    for (const town of [
      'Cumming',
      'Sugar Hill',
      'Suwanee',
      'Johns Creek',
      'Alpharetta',
      'Duluth',
      'Dawsonville',
      'Buford',
      'Gainesville',
    ]) {
      expect(html).toContain(town);
    }
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/href="tel:\+14705550142"[^>]*>Call Now: (<!-- -->)?\(470\) 555-0142</);
    expect(html).toMatch(/href="\/contact"[^>]*>Schedule Service</);
    for (const anchor of [
      'residential-plumbing',
      'sewer-drain-solutions',
      'filtration-system-service',
      'underground-plumbing-service',
      'water-heater-service',
      'leak-detection-services',
    ]) {
      expect(html).toContain(`href="/services#${anchor}"`);
    }
    const heroTag = new RegExp(`<img[^>]*src="${siteImageUrl('/images/hero-1600.jpg')}"[^>]*>`).exec(
      html,
    )![0];
    expect(heroTag).toMatch(/fetchpriority="high"/i);
    expect(heroTag).toContain('loading="eager"');
    expect(heroTag).toContain('width="1600"');
    expect(heroTag).toContain('height="900"');
    expect(html).toContain(
      `<source type="image/webp" srcSet="${siteImageUrl('/images/hero-800.webp')} 800w, ${siteImageUrl('/images/hero-1600.webp')} 1600w"`,
    );
    // The coupon is drawn by the site from the offer's words, under a name that changes with them.
    const couponUrl =
      /<a[^>]*href="(\/offers\/\d+\/coupon-25-off\.[0-9a-f]{12}\.png)"[^>]*download="coupon-25-off\.png"[^>]*>Download Coupon<\/a>/.exec(
        html,
      )?.[1];
    expect(couponUrl).toBeDefined();
    // The download is a real image, not a dead link, and is kept a year under its content-addressed name.
    const coupon = await fetch(`${site.url}${couponUrl}`);
    expect(coupon.status).toBe(200);
    expect(coupon.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(coupon.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await coupon.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(html).toMatch(/href="\/contact"[^>]*>Get Free Estimate</);
    expect(html).toContain('Valid for new customers only');
    expect(html).toContain('Minimum service charge applies');
    expect(html).toContain('Cannot be combined with other offers');
    expect(html).toMatch(/href="\/news"[^>]*>View All News</);
    expect(html.match(/>Learn More<span class="visually-hidden">/g)).toHaveLength(4);
    expect(html).toMatch(/href="\/about"[^>]*>About Our Team</);
    expect(html).toMatch(/href="\/contact"[^>]*>Get Free Quote</);
    // No reviews stored yet: the carousel renders nothing at all.
    expect(html).not.toContain('data-testid="reviews-carousel"');
    expect(html).not.toContain('Leave Your Review');
    for (const claim of [
      'Fixed Today',
      'Upfront Pricing',
      '100% Satisfaction Guaranteed',
      'Licensed &amp; Insured',
      '15+',
      '500+',
      '#1',
    ]) {
      expect(html).toContain(claim);
    }
  });

  it('states its metadata and describes the business as a schema.org Plumber', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).toContain('<title>Plumber in Cumming, GA | Cumming Plumbing Pros</title>');
    expect(metaContent(html, 'name', 'description')).toMatch(
      /^Licensed and insured plumbers serving Cumming/,
    );
    expect(html).toContain(`<link rel="canonical" href="${site.url}/">`);
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `${site.url}${siteImageUrl('/images/plumber_photo.jpg')}`,
    );

    const data = structuredDataIn(html);
    const plumber = data.find((entry) => entry['@type'] === 'Plumber')!;
    expect(plumber).toMatchObject({
      name: 'Cumming Plumbing Pros',
      telephone: '(470) 555-0142',
      email: 'service@cummingplumbingpros.com',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '100 Main Street',
        addressLocality: 'Cumming',
        addressRegion: 'GA',
        postalCode: '30040',
        addressCountry: 'US',
      },
      url: `${site.url}/`,
      image: `${site.url}${siteImageUrl('/images/plumber_photo.jpg')}`,
    });
    const hours = plumber.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
    expect(hours).toHaveLength(6);
    expect(hours[0]).toMatchObject({
      dayOfWeek: 'https://schema.org/Monday',
      opens: '08:00',
      closes: '18:00',
    });
    expect(hours.map((entry) => entry.dayOfWeek)).not.toContain('https://schema.org/Sunday');
    const towns = (plumber.areaServed as { name: string }[]).map((town) => town.name);
    expect(towns).toHaveLength(10);
    expect(towns).toContain('Roswell, GA');
    expect(towns).toContain('Gainesville, GA');
    expect(plumber).not.toHaveProperty('sameAs');
    expect(plumber).not.toHaveProperty('geo');
    expect(plumber).not.toHaveProperty('priceRange');
    expect(data.some((entry) => entry['@type'] === 'BreadcrumbList')).toBe(false);
    expect(metaContent(html, 'property', 'og:image:alt')).toBe(
      'Friendly plumber holding a wrench beside a blue and orange service van',
    );
    expect(metaContent(html, 'name', 'twitter:image:alt')).toBe(
      'Friendly plumber holding a wrench beside a blue and orange service van',
    );

    // Coordinates and a price range appear once the owner sets them in Settings.
    await changeSettings(site.url, adminCookie, {
      latitude: '34.2073',
      longitude: '-84.1402',
      priceRange: '$$',
    });
    const updated = structuredDataIn(await (await fetch(`${site.url}/`)).text()).find(
      (entry) => entry['@type'] === 'Plumber',
    )!;
    expect(updated).toMatchObject({
      geo: { '@type': 'GeoCoordinates', latitude: 34.2073, longitude: -84.1402 },
      priceRange: '$$',
    });
  });

  it('shows the latest news with arrows, a background image where a post has one, and rotates every 20 seconds', async () => {
    // Three seeded news posts plus these three: six in all, so the five-post limit shows.
    for (const title of ['Spring Drain Check Specials', 'Meet Our Newest Licensed Plumber']) {
      await createPost(site.url, adminCookie, {
        type: 'news',
        title,
        excerpt: `${title}: details inside.`,
        content: `<p>${title}</p>`,
        isPublished: true,
      });
    }
    const imagePostId = await createPost(site.url, adminCookie, {
      type: 'news',
      title: 'Our New Service Van Is On The Road',
      excerpt: 'A second van means shorter waits across Forsyth County.',
      content: '<p>More capacity for same-day calls.</p>',
      image: '/images/hero-800.jpg',
      isPublished: true,
    });
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await openPage(context);
    await page.clock.install();
    await page.goto(`${site.url}/`);
    await waitForHydration(page);

    const carousel = page.getByTestId('news-carousel');
    const slides = carousel.getByTestId('news-slide');
    // The five newest, the newest first.
    await expect(slides.count()).resolves.toBe(5);
    const first = slides.first();
    await expect(first.getAttribute('style')).resolves.toContain(
      `url("${siteImageUrl('/images/hero-800.jpg')}")`,
    );
    await expect(first.getByRole('link').getAttribute('href')).resolves.toBe(`/news-post?id=${imagePostId}`);
    await expect(slides.nth(1).getAttribute('style')).resolves.toBeNull();
    await expect(first.textContent()).resolves.toContain('A second van means shorter waits');
    await expect(first.locator('time').textContent()).resolves.toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(carousel.getByText('1 / 5').isVisible()).resolves.toBe(true);

    await page.clock.runFor(20_000);
    await carousel.getByText('2 / 5').waitFor();
    await expect(slides.nth(1).getAttribute('aria-hidden')).resolves.toBeNull();
    await expect(slides.first().getAttribute('aria-hidden')).resolves.toBe('true');

    await carousel.getByRole('button', { name: 'Previous news post' }).click();
    await carousel.getByText('1 / 5').waitFor();
    await carousel.getByRole('button', { name: 'Previous news post' }).click();
    await carousel.getByText('5 / 5').waitFor();
    await carousel.getByRole('button', { name: 'Next news post' }).click();
    await carousel.getByText('1 / 5').waitFor();

    // Focus is inside the carousel now (the arrow just pressed): it must not move on its own.
    await page.clock.runFor(40_000);
    await expect(carousel.getByText('1 / 5').isVisible()).resolves.toBe(true);
    // Once focus leaves, it runs again, until the visitor presses pause.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    await page.clock.runFor(20_000);
    await carousel.getByText('2 / 5').waitFor();
    // Clicking leaves the mouse over the carousel and focus in it: move both away so only the button decides.
    await carousel.getByRole('button', { name: 'Pause rotation' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    await page.clock.runFor(60_000);
    await expect(carousel.getByText('2 / 5').isVisible()).resolves.toBe(true);
    await carousel.getByRole('button', { name: 'Play rotation' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    await page.clock.runFor(20_000);
    await carousel.getByText('3 / 5').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor from a news slide to the news post with the back link to News, whatever list came before', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    // Earlier in the session the visitor read an article from the Advice Center.
    await page.evaluate(() => sessionStorage.setItem('postBackSource', 'advice-center'));
    const link = page.getByTestId('news-carousel').getByTestId('news-slide').first().getByRole('link');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/news-post\?id=\d+$/);
    await link.click();
    await page.waitForURL(`${site.url}${href}`);
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: 'Back to News' }).getAttribute('href')).resolves.toBe(
      '/news',
    );
    await expect(page.getByRole('link', { name: 'Back to Advice Center' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => sessionStorage.getItem('postBackSource'))).resolves.toBe('news');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages through reviews: cards by width, counter, wrapping arrows, dots, 4-second rotation paused on hover', async () => {
    for (const [name, text] of [
      ['Alice', 'Fixed our leak fast.'],
      ['Bruno', 'Great water heater install.'],
      ['Chen', 'Drain cleared in an hour.'],
      ['Dana', 'Honest pricing, friendly tech.'],
      ['Eli', 'Tankless unit works perfectly.'],
    ]) {
      await postReview(site.url, { name: name!, secondName: 'Tester', rating: 4, review: text! });
    }
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const { page, errors } = await openPage(context);
    await page.clock.install();
    await page.goto(`${site.url}/`);
    await waitForHydration(page);

    const carousel = page.getByTestId('reviews-carousel');
    await expect(reviewCounter(page).textContent()).resolves.toBe('Review 1 of 5');
    await expect(visibleReviewCards(page)).resolves.toBe(3);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => visibleReviewCards(page)).toBe(2);
    await page.setViewportSize({ width: 500, height: 900 });
    await expect.poll(() => visibleReviewCards(page)).toBe(1);
    await page.setViewportSize({ width: 1200, height: 900 });
    await expect.poll(() => visibleReviewCards(page)).toBe(3);

    await expect(carousel.getByRole('img', { name: 'Rated 4 out of 5' }).first().isVisible()).resolves.toBe(
      true,
    );
    // Stars equal to the rating: four, not five with one greyed.
    await expect(carousel.getByRole('img', { name: 'Rated 4 out of 5' }).first().textContent()).resolves.toBe(
      '★★★★',
    );
    await expect(
      carousel.getByRole('link', { name: 'Leave Your Review' }).getAttribute('href'),
    ).resolves.toBe('/testimonials#review-form');
    // Every review is in the carousel, so there is no link to the rest.
    await expect(carousel.getByRole('link', { name: /^Read all/ }).count()).resolves.toBe(0);
    const dots = carousel.getByRole('button', { name: /^Show review \d$/ });
    await expect(dots.count()).resolves.toBe(5);
    // The drawn dot is 8 px; the button around it that takes the click stays a 24 px target.
    const expectEveryDotDrawnAt8px = async () => {
      const sizes = await dots.evaluateAll((buttons) =>
        buttons.map((button) => {
          const drawn = button.firstElementChild!.getBoundingClientRect();
          const target = button.getBoundingClientRect();
          return { drawn: [drawn.width, drawn.height], target: [target.width, target.height] };
        }),
      );
      expect(sizes).toEqual(Array.from({ length: 5 }, () => ({ drawn: [8, 8], target: [24, 24] })));
    };
    await expectEveryDotDrawnAt8px();

    // Rotation: the mouse rests outside the carousel and nothing in it has focus.
    await page.mouse.move(5, 5);
    await page.clock.runFor(4000);
    await reviewCounter(page).filter({ hasText: 'Review 2 of 5' }).waitFor();
    await page.clock.runFor(4000);
    await reviewCounter(page).filter({ hasText: 'Review 3 of 5' }).waitFor();

    // Hovered, it stays put; moving the mouse away lets it run again.
    await carousel.hover();
    await page.clock.runFor(12_000);
    await expect(reviewCounter(page).textContent()).resolves.toBe('Review 3 of 5');
    await page.mouse.move(5, 5);
    await page.clock.runFor(4000);
    await reviewCounter(page).filter({ hasText: 'Review 4 of 5' }).waitFor();

    const next = carousel.getByRole('button', { name: 'Next review' });
    const previous = carousel.getByRole('button', { name: 'Previous review' });
    await next.click();
    await reviewCounter(page).filter({ hasText: 'Review 5 of 5' }).waitFor();
    await next.click();
    await reviewCounter(page).filter({ hasText: 'Review 1 of 5' }).waitFor();
    await previous.click();
    await reviewCounter(page).filter({ hasText: 'Review 5 of 5' }).waitFor();
    await dots.nth(2).click();
    await reviewCounter(page).filter({ hasText: 'Review 3 of 5' }).waitFor();
    await expect(dots.nth(2).getAttribute('aria-current')).resolves.toBe('true');
    // 8 px dots, the current one too (it is marked by colour and a ring, not by size).
    await expectEveryDotDrawnAt8px();

    // Focus inside the carousel pauses it too; the pause button stops it for good.
    await page.mouse.move(5, 5);
    await page.clock.runFor(8000);
    await expect(reviewCounter(page).textContent()).resolves.toBe('Review 3 of 5');
    await carousel.getByRole('button', { name: 'Pause rotation' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    await page.clock.runFor(8000);
    await expect(reviewCounter(page).textContent()).resolves.toBe('Review 3 of 5');
    await expect(carousel.getByRole('button', { name: 'Play rotation' }).isVisible()).resolves.toBe(true);

    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps still for visitors who ask for reduced motion', async () => {
    const context = await site.browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 1200, height: 900 },
    });
    const { page, errors } = await openPage(context);
    await page.clock.install();
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    await page.mouse.move(5, 5);
    await page.clock.runFor(45_000);
    await expect(reviewCounter(page).textContent()).resolves.toBe('Review 1 of 5');
    await expect(page.getByTestId('news-carousel').getByText('1 / 5').isVisible()).resolves.toBe(true);
    await expect(
      page.getByTestId('reviews-carousel').getByRole('button', { name: 'Play rotation' }).isVisible(),
    ).resolves.toBe(true);
    // The banner becomes one still list: its looping copy is gone and nothing animates.
    const banner = page.getByTestId('towns-banner');
    await expect(banner.locator('ul >> visible=true').count()).resolves.toBe(1);
    await expect(
      banner
        .locator('ul')
        .first()
        .evaluate((list) => getComputedStyle(list.parentElement!).animationName),
    ).resolves.toBe('none');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the scroll-to-top button only after 300 px of scrolling', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    const scrollTop = page.getByRole('button', { name: 'Scroll to top' });
    await page.evaluate(() => window.scrollTo({ top: 250, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY === 250);
    await expect(scrollTop.count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 450, behavior: 'instant' }));
    await scrollTop.waitFor({ state: 'visible' });
    await scrollTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await scrollTop.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the news arrows with one post and the whole news section with none', async () => {
    const posts = await listAdminPosts(site.url, adminCookie);
    const news = posts.filter((post) => post.type === 'news');
    for (const post of news.slice(1)) await deletePost(site.url, adminCookie, post);

    let html = await (await fetch(`${site.url}/`)).text();
    expect(html).toContain('Latest News and Updates');
    expect(html.match(/data-testid="news-slide"/g)).toHaveLength(1);
    expect(html).not.toContain('Next news post');
    expect(html).not.toContain('Previous news post');

    for (const post of await listAdminPosts(site.url, adminCookie))
      await deletePost(site.url, adminCookie, post);
    html = await (await fetch(`${site.url}/`)).text();
    expect(html).not.toContain('Latest News and Updates');
    expect(html).not.toContain('data-testid="news-carousel"');
    expect(html).not.toContain('View All News');

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    await expect(page.getByTestId('news-carousel').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
