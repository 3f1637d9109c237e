import { describe, expect, it } from 'vitest';
import { siteImageUrl } from '../src/shared/site-image-url.ts';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { metaContent, structuredDataIn } from './support/site-api.ts';

describe('about page', () => {
  const site = useSite();

  it('serves every section in the first HTML', async () => {
    const html = await (await fetch(`${site.url}/about`)).text();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>About Cumming Plumbing Pros<\/h1>/);
    const order = ['Who We Are', 'Our Core Values', 'Why Choose Us', 'Proudly Serving Our Community'].map(
      (text) => html.indexOf(text),
    );
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const value of ['Integrity', 'Excellence', 'Respect', 'Reliability'])
      expect(html).toContain(`>${value}</h3>`);
    for (const town of ['Cumming', 'Sugar Hill', 'Suwanee', 'Johns Creek', 'Alpharetta', 'Roswell'])
      expect(html).toContain(`<li>${town}</li>`);
    expect(html).toContain('home to over 250,000 residents with a 96% graduation rate');
    expect(html).toMatch(
      /<a href="https:\/\/www\.forsythco\.com\/" target="_blank" rel="noopener noreferrer">/,
    );
    expect(html).toContain(`<source type="image/webp" srcSet="${siteImageUrl('/images/about-team.webp')}"/>`);
    expect(html).toMatch(
      new RegExp(`<img[^>]*src="${siteImageUrl('/images/about-team.jpg')}"[^>]*width="960"[^>]*height="640"`),
    );
    expect(html).toContain(siteImageUrl('/images/local-experts.jpg'));
  });

  it('states its metadata and a Home > About breadcrumb', async () => {
    const html = await (await fetch(`${site.url}/about`)).text();
    expect(html).toContain('<title>About Us: Local Plumbers in Cumming, GA | Cumming Plumbing Pros</title>');
    expect(metaContent(html, 'name', 'description')).toMatch(/^Meet the licensed and insured plumbing team/);
    expect(metaContent(html, 'name', 'keywords')).toContain('Cumming GA plumbing company');
    expect(html).toContain(`<link rel="canonical" href="${site.url}/about">`);
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `${site.url}${siteImageUrl('/images/plumber_photo.jpg')}`,
    );
    expect(metaContent(html, 'property', 'og:url')).toBe(`${site.url}/about`);
    const breadcrumb = structuredDataIn(html).find((entry) => entry['@type'] === 'BreadcrumbList')!;
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${site.url}/` },
      { '@type': 'ListItem', position: 2, name: 'About', item: `${site.url}/about` },
    ]);
  });

  it('hydrates cleanly, passes axe, and shows scroll-to-top only past 300 px', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/about`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    const countyLink = page.getByRole('link', { name: /Forsyth County Government website/ });
    await expect(countyLink.getAttribute('rel')).resolves.toContain('noopener');
    await expectNoSeriousAxeViolations(page);

    const scrollTop = page.getByRole('button', { name: 'Scroll to top' });
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY === 200);
    await expect(scrollTop.count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await scrollTop.waitFor({ state: 'visible' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
