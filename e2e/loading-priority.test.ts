// What a phone fetches first, and what waits: the rules behind the LCP figures of `npm run bench`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/project-root.ts';
import { siteImageUrl } from '../src/shared/site-image-url.ts';
import { openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { createPost, deletePost, listAdminPosts } from './support/site-api.ts';

describe('loading priority', () => {
  const site = useSite();
  let cookie: string;
  const slideImages = [1, 2, 3]
    .flatMap((n) => [`/images/services/water-heater-${n}.jpg`, `/images/services/sewer-drain-${n}.jpg`])
    .slice(0, 5);

  beforeAll(async () => {
    cookie = await site.adminCookie();
    for (const post of await listAdminPosts(site.url, cookie)) await deletePost(site.url, cookie, post);
    // Created oldest first, so the newest (first slide) carries the last image of the list.
    for (const [n, image] of [...slideImages].reverse().entries()) {
      await createPost(site.url, cookie, {
        type: 'news',
        title: `Crew update ${5 - n}`,
        excerpt: 'News from the shop.',
        content: '<p>Details.</p>',
        image,
        isPublished: true,
      });
    }
  });

  it('fetches the background of the news slide on screen and of its two neighbours only, the rest as the carousel reaches them', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await openPage(context);
    await page.clock.install();
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    const slides = page.getByTestId('news-carousel').getByTestId('news-slide');
    const backgrounds = () =>
      slides.evaluateAll((items) => items.map((item) => (item as HTMLElement).style.backgroundImage));
    const withImage = (list: string[]) =>
      list.map((value, position) => (value ? position : -1)).filter((position) => position >= 0);

    // Slide 1 on screen: slide 2 comes next, slide 5 is one step back.
    await expect(backgrounds().then(withImage)).resolves.toEqual([0, 1, 4]);
    for (const position of [2, 3]) expect(requested.has(siteImageUrl(slideImages[position]!))).toBe(false);

    const nextBackground = page.waitForResponse((response) =>
      response.url().endsWith(siteImageUrl(slideImages[2]!)),
    );
    await page.getByRole('button', { name: 'Next news post' }).click();
    await page.getByText('2 / 5').waitFor();
    await expect(backgrounds().then(withImage)).resolves.toEqual([0, 1, 2]);
    await nextBackground;
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the first post card image at once and at high priority, as WebP, and leaves the others lazy', async () => {
    const html = await (await fetch(`${site.url}/news`)).text();
    const images = [...html.matchAll(/<img [^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => tag.includes('/images/services/'));
    expect(images).toHaveLength(5);
    expect(images[0]).toContain('loading="eager"');
    expect(images[0]).toContain('fetchPriority="high"');
    for (const tag of images.slice(1)) {
      expect(tag).toContain('loading="lazy"');
      expect(tag).not.toContain('fetchPriority');
    }
    // Each project JPEG is offered as its WebP twin first.
    expect(html).toContain(
      `<source type="image/webp" srcSet="${siteImageUrl(slideImages[0]!.replace('.jpg', '.webp'))}"/>`,
    );

    const context = await site.browser.newContext({ viewport: { width: 412, height: 823 } });
    const { page, errors } = await openPage(context);
    const firstImage = page.waitForResponse((response) =>
      response.url().endsWith(siteImageUrl(slideImages[0]!.replace('.jpg', '.webp'))),
    );
    await page.goto(`${site.url}/news`);
    await expect(firstImage.then((response) => response.headers()['content-type'])).resolves.toBe(
      'image/webp',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("loads a form's schema only once the visitor starts on the form, then checks with it as before", async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    // Each body is asked for as its answer arrives, and read once the page is hydrated: a body read
    // in the listener could still be on its way when the checks below run.
    const scriptBodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scriptBodies.push(response.text());
    });
    await page.goto(`${site.url}/contact`);
    await waitForHydration(page);
    const scripts = await Promise.all(scriptBodies);
    const carriesSchema = () => scripts.some((source) => source.includes('First name is required'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(carriesSchema()).toBe(false);

    const schemaArrives = page.waitForResponse(
      async (response) =>
        response.url().endsWith('.js') && (await response.text()).includes('First name is required'),
    );
    await page.getByLabel('First Name').focus();
    await schemaArrives;
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('First name is required').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves built scripts and styles compressed with brotli, made once at build time', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    // Pages carry their stylesheets in their head; the files are still served, for code loaded later
    // that imports one of them.
    const stylesheets = readdirSync(join(projectRoot, 'dist', 'client', 'assets', 'static'))
      .filter((name) => name.endsWith('.css'))
      .map((name) => `/assets/static/${name}`);
    expect(stylesheets.length).toBeGreaterThan(1);
    const assets = [
      ...stylesheets,
      // The page's scripts, named to the loader that adds them after the first paint.
      ...[...html.matchAll(/\/assets\/[^"\s]+\.js/g)].map((match) => match[0]),
    ];
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      const response = await fetch(`${site.url}${asset}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.status, asset).toBe(200);
      const size = Number(response.headers.get('content-length'));
      if (size === 0 || Number.isNaN(size)) continue;
      // A file under 1 KB is not worth compressing and is sent as it is.
      if (response.headers.get('content-encoding') === null) expect(size, asset).toBeLessThan(1024);
      else expect(response.headers.get('content-encoding'), asset).toBe('br');
    }
  });
});
