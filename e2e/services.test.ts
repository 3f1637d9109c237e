import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteImageUrl } from '../src/shared/site-image-url.ts';
import { builtInServicePhotos } from '../db/seed-content.ts';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';

const waterHeaterCaptions = builtInServicePhotos['water-heater'].map((image) => image.caption);

/** Polls until the element's top edge has stopped moving (a smooth scroll is over) and returns it. */
async function settledTop(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction(
    (target) => {
      const state = window as unknown as { __lastTop?: number; __stablePolls?: number };
      const top = document.querySelector(target)!.getBoundingClientRect().top;
      state.__stablePolls =
        state.__lastTop !== undefined && Math.abs(top - state.__lastTop) < 0.5
          ? (state.__stablePolls ?? 0) + 1
          : 0;
      state.__lastTop = top;
      // Unmoved across three polls 50 ms apart: the scroll has finished.
      return state.__stablePolls >= 3 ? { top } : null;
    },
    selector,
    { polling: 50, timeout: 10_000 },
  );
  await page.evaluate(() => {
    const state = window as unknown as { __lastTop?: number; __stablePolls?: number };
    delete state.__lastTop;
    delete state.__stablePolls;
  });
  return ((await handle.jsonValue()) as { top: number }).top;
}

describe('services page', () => {
  const site = useSite();

  it('renders the hero, the six sections, the closing call and the metadata on the server', async () => {
    const response = await fetch(`${site.url}/services`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('LICENSED &amp; INSURED');
    expect(html).toMatch(/<h1[^>]*>Plumbing Services in Cumming, GA<\/h1>/);
    expect(html).toContain('Ready to solve your plumbing problems?');
    for (const anchor of [
      'residential-plumbing',
      'sewer-drain-solutions',
      'filtration-system-service',
      'underground-plumbing-service',
      'water-heater-service',
      'leak-detection-services',
    ]) {
      expect(html).toContain(`<section id="${anchor}"`);
      expect(html).toContain(`href="#${anchor}"`);
    }
    // The last card is titled 'Tankless Water Installation' but links to #leak-detection-services, on purpose.
    expect(html).toMatch(
      /Tankless Water Installation<\/h3><p>[^<]*<\/p><a[^>]*href="#leak-detection-services"/,
    );
    for (const offering of [
      'Backflow prevention',
      'Camera inspections',
      'Water quality testing',
      'Pipe lining and coating',
      'Annual maintenance and flushing',
      'Sizing and selection',
    ]) {
      expect(html).toContain(`<li>${offering}</li>`);
    }
    expect(html.match(/href="\/contact"/g)!.length).toBeGreaterThanOrEqual(8);
    expect(html).toContain('<title>Plumbing Services in Cumming, GA | ');
    expect(html).toMatch(/<meta name="description" content="Residential plumbing, sewer/);
    expect(html).toMatch(/<meta name="keywords" content="plumbing services Cumming GA/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/services">/);
    const breadcrumb = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!))
      .find((data) => data['@type'] === 'BreadcrumbList');
    expect(breadcrumb.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Home',
      'Services',
    ]);
    // Photos: webp with a jpg fallback, sized, lazy below the fold.
    expect(html).toContain(
      `<source srcSet="${siteImageUrl('/images/services/water-heater-1.webp')}" type="image/webp"/>`,
    );
    expect(html).toMatch(
      new RegExp(
        `<img[^>]*src="${siteImageUrl('/images/services/water-heater-1.jpg')}"[^>]*width="960" height="640" loading="lazy"`,
      ),
    );
  });

  it('steps each carousel on its own, wrapping at both ends, with dots', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/services`);
    await waitForHydration(page);
    const section = page.locator('#water-heater-service');
    const caption = section.locator('figcaption').first();
    await expect(caption.textContent()).resolves.toBe(waterHeaterCaptions[0]);

    await section.getByRole('button', { name: 'Previous photo' }).click();
    await expect(caption.textContent()).resolves.toBe(waterHeaterCaptions.at(-1));
    await section.getByRole('button', { name: 'Next photo' }).click();
    await expect(caption.textContent()).resolves.toBe(waterHeaterCaptions[0]);
    await section.getByRole('button', { name: 'Next photo' }).click();
    await expect(caption.textContent()).resolves.toBe(waterHeaterCaptions[1]);
    await expect(
      section.getByRole('button', { name: 'Show photo 2 of 3' }).getAttribute('aria-current'),
    ).resolves.toBe('true');

    await section.getByRole('button', { name: 'Show photo 3 of 3' }).click();
    await expect(caption.textContent()).resolves.toBe(waterHeaterCaptions[2]);
    await expect(section.locator('img').first().getAttribute('src')).resolves.toBe(
      siteImageUrl('/images/services/water-heater-3.jpg'),
    );
    const dotSize = await section.getByRole('button', { name: 'Show photo 1 of 3' }).evaluate((dot) => {
      const style = getComputedStyle(dot, '::before');
      return [style.width, style.height];
    });
    expect(dotSize).toEqual(['8px', '8px']);

    // Another section's carousel did not move.
    await expect(page.locator('#residential-plumbing figcaption').first().textContent()).resolves.toBe(
      builtInServicePhotos['residential-plumbing'][0]!.caption,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a modal lightbox that moves with the arrow keys, wraps, closes on Escape and gives focus back', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/services`);
    await waitForHydration(page);
    const section = page.locator('#water-heater-service');
    const opener = section.getByRole('button', { name: /^Open photo 1 of 3 full screen/ });
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'Water Heater Services photo viewer' });
    await dialog.waitFor({ state: 'visible' });
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Close photo viewer',
    );
    const lightboxCaption = dialog.locator('figcaption');
    await expect(lightboxCaption.textContent()).resolves.toBe(`${waterHeaterCaptions[0]} (1 of 3)`);
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    expect([box!.width, box!.height]).toEqual([viewport.width, viewport.height]);

    await page.keyboard.press('ArrowLeft');
    await expect(lightboxCaption.textContent()).resolves.toBe(`${waterHeaterCaptions[2]} (3 of 3)`);
    await page.keyboard.press('ArrowRight');
    await expect(lightboxCaption.textContent()).resolves.toBe(`${waterHeaterCaptions[0]} (1 of 3)`);
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await expect(lightboxCaption.textContent()).resolves.toBe(`${waterHeaterCaptions[0]} (1 of 3)`);
    await dialog.getByRole('button', { name: 'Previous photo' }).click();
    await expect(lightboxCaption.textContent()).resolves.toBe(`${waterHeaterCaptions[2]} (3 of 3)`);
    await expectNoSeriousAxeViolations(page);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus returns to the photo button, which now shows the photo last viewed.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      `Open photo 3 of 3 full screen: ${waterHeaterCaptions[2]}`,
    );

    // The close button closes too; another section has its own lightbox.
    await page
      .locator('#residential-plumbing')
      .getByRole('button', { name: /^Open photo 1 of 3/ })
      .click();
    const otherDialog = page.getByRole('dialog', { name: 'Residential Plumbing photo viewer' });
    await otherDialog.waitFor({ state: 'visible' });
    await expect(page.getByRole('dialog').count()).resolves.toBe(1);
    await otherDialog.getByRole('button', { name: 'Close photo viewer' }).click();
    await otherDialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls a hash target on load to 100 px below the top, and does so again for in-page links', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/services#water-heater-service`);
    await waitForHydration(page);
    expect(await settledTop(page, '#water-heater-service')).toBeCloseTo(100, 0);

    await page.evaluate(() => {
      window.scrollTo({ top: 0, behavior: 'instant' });
      const positions: number[] = [];
      (window as unknown as { __positions: number[] }).__positions = positions;
      window.addEventListener('scroll', () => positions.push(window.scrollY), { passive: true });
    });
    await page.getByRole('link', { name: 'Learn More about Filtration System' }).click();
    expect(await settledTop(page, '#filtration-system-service')).toBeCloseTo(100, 0);
    expect(new URL(page.url()).hash).toBe('#filtration-system-service');
    // Smooth: the page passed through several intermediate positions on its way down.
    const positions = await page.evaluate(() => (window as unknown as { __positions: number[] }).__positions);
    expect(new Set(positions.map(Math.round)).size).toBeGreaterThan(3);

    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays out the later sections above a hash target before scrolling there, whatever height they guess', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/services`);
    await waitForHydration(page);
    // Sections below the first screen are left out of layout until they come near it, each counting a
    // guessed height meanwhile. With guesses this far from the real heights, a scroll measured against
    // them would stop hundreds of pixels short of the target.
    const skipped = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main section')]
        .filter((section) => getComputedStyle(section).contentVisibility === 'auto')
        .map((section) => {
          section.style.containIntrinsicSize = '10px';
          return section.id;
        }),
    );
    expect(skipped).toContain('underground-plumbing-service');
    await page.getByRole('link', { name: 'Learn More about Underground Plumbing' }).click();
    expect(await settledTop(page, '#underground-plumbing-service')).toBeCloseTo(100, 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('jumps without animation when the visitor prefers reduced motion', async () => {
    const context = await site.browser.newContext({ reducedMotion: 'reduce' });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/services`);
    await waitForHydration(page);
    // Added after hydration, this listener runs right after the page's own hash handler, in the same
    // task: an instant jump has already landed there, a smooth scroll has barely begun.
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        () => ((window as unknown as { __scrollAfterClick: number }).__scrollAfterClick = window.scrollY),
      );
    });
    await page.getByRole('link', { name: 'Learn More about Underground Plumbing' }).click();
    const top = await page.evaluate(
      () => document.getElementById('underground-plumbing-service')!.getBoundingClientRect().top,
    );
    expect(top).toBeCloseTo(100, 0);
    const [afterClick, now] = await page.evaluate(() => [
      (window as unknown as { __scrollAfterClick: number }).__scrollAfterClick,
      window.scrollY,
    ]);
    expect(Math.round(afterClick)).toBe(Math.round(now));
    expect(errors).toEqual([]);
    await context.close();
  });
});
