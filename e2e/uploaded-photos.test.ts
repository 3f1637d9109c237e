import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { phonePhoto } from './support/phone-photo.ts';
import { useSite } from './support/site.ts';
import { createPost, metaContent, signInAsAdmin, uploadThrough } from './support/site-api.ts';

describe('a phone photo the owner uploads', () => {
  const site = useSite();

  it('is shown as the copy the screen needs, in AVIF, with its shape, on the article and the news list', async () => {
    const cookie = await signInAsAdmin(site.url);
    const photo = await phonePhoto();
    const original = await uploadThrough(site, cookie, photo, 'IMG_4031.JPG');
    const postId = await createPost(site.url, cookie, {
      type: 'news',
      title: 'New service van on the road',
      excerpt: 'Our second van serves north Forsyth.',
      content: '<p>Book a visit any weekday.</p>',
      image: original,
      isPublished: true,
    });

    // The copies are made after the upload answered; the article shows them once they are there.
    const html = await eventually(async () => {
      const text = await (await fetch(`${site.url}/post/${postId}`)).text();
      return text.includes('type="image/avif"') ? text : undefined;
    }, 60_000);
    const base = original.replace(/\.jpg$/, '');
    const picture = /<picture>.*?<\/picture>/s.exec(
      html.slice(html.indexOf('New service van on the road')),
    )![0];
    expect(picture).toContain(
      `srcSet="${[400, 800, 1200, 1600].map((w) => `${base}-${w}.avif ${w}w`).join(', ')}"`,
    );
    expect(picture).toContain('type="image/webp"');
    expect(picture).toMatch(/<img[^>]* width="4000" height="3000"/);
    expect(picture).toContain('sizes="(min-width: 800px) 760px, 100vw"');
    expect(metaContent(html, 'property', 'og:image')).toBe(`${site.url}${base}-1200.jpg`);

    const list = await (await fetch(`${site.url}/news`)).text();
    expect(list).toContain(`${base}-400.avif 400w`);

    // A phone 390 px wide with a 2x screen takes the 800 px AVIF: a small part of the original's bytes.
    const context = await site.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    const { page, errors } = await openPage(context);
    const imageBytes = new Map<string, number>();
    page.on('response', (response) => {
      if (response.url().includes('/uploads/'))
        void response.body().then((body) => imageBytes.set(response.url(), body.length));
    });
    await page.goto(`${site.url}/post/${postId}`);
    const shown = page.getByRole('img', { name: 'New service van on the road' });
    await shown.waitFor();
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await expect(shown.evaluate((image: HTMLImageElement) => image.currentSrc)).resolves.toBe(
      `${site.url}${base}-800.avif`,
    );
    const fetched = [...imageBytes.keys()].map((url) => new URL(url).pathname);
    expect(fetched).toEqual([`${base}-800.avif`]);
    console.info(
      `uploaded photo: original ${Math.round(photo.length / 1024)} KB, article on a phone loads ${Math.round([...imageBytes.values()][0]! / 1024)} KB`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
