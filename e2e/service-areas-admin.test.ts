import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openPage, toastWith, waitForHydration } from './support/browser.ts';
import { structuredDataIn } from './support/site-api.ts';
import { useSite } from './support/site.ts';

const floweryBranchText = [
  'Flowery Branch sits on the south shore of the lake, and half the calls we get there are about sump pumps in walk-out basements.',
  'Many homes near the marina were plumbed in the 1990s with grey polybutylene pipe, which we replace with PEX in a day.',
  'Before the first hard freeze we winterise boat-house lines and hose bibs, so book in October.',
];

/** Types the town page's own words into the form's fields, the text paragraph by paragraph. */
async function writeTownPage(page: Page, heading: string, paragraphs: readonly string[]) {
  await page.getByLabel('Page heading').fill(heading);
  await page.getByLabel('Page intro').fill(`Plumbers who know ${heading.replace(/^Plumber in /, '')}.`);
  const editor = page.getByRole('textbox', { name: 'Page text' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  for (const [index, paragraph] of paragraphs.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(paragraph);
  }
}

describe('service areas in /admin', () => {
  const site = useSite();

  it('adds a town with its ZIP codes and its own page, refuses a copy of it, and redirects a renamed page', async () => {
    const owner = await site.signedInPage();
    const { page } = owner;
    await page.goto(`${site.url}/admin?tab=service-areas`);
    await waitForHydration(page);
    await page.getByTestId('admin-service-area').first().waitFor();
    await page.getByRole('heading', { name: 'Service areas (10)' }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // A new town, its ZIP codes and a page of its own words.
    await page.getByLabel('Town *').fill('Flowery Branch');
    await page.getByLabel('State *').fill('GA');
    await page.getByLabel('ZIP codes *').fill('30542, 3054');
    await writeTownPage(page, 'Plumber in Flowery Branch, GA', floweryBranchText);
    await page.getByLabel('Publish the town page').check();
    await page.getByRole('button', { name: 'Add town' }).click();
    // A mistyped ZIP code is named before anything is sent.
    await page.getByRole('alert').filter({ hasText: 'ZIP codes must be 5 digits, like 30040' }).waitFor();
    await page.getByLabel('ZIP codes *').fill('30542');
    await page.getByRole('button', { name: 'Add town' }).click();
    await toastWith(page, 'Flowery Branch added').waitFor();
    await page.getByRole('heading', { name: 'Service areas (11)' }).waitFor();

    // Its page: server-rendered, with a breadcrumb, the service as structured data and the two buttons.
    const response = await fetch(`${site.url}/service-areas/flowery-branch-ga`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Plumber in Flowery Branch, GA<\/h1>/);
    expect(html).toContain(floweryBranchText[1]);
    expect(html).toContain('ZIP codes we serve in Flowery Branch: 30542');
    expect(html).toMatch(/<nav aria-label="Breadcrumb"[^>]*><ol><li><a href="\/">Home<\/a><\/li>/);
    expect(html).toMatch(/href="tel:[^"]+"[^>]*>Call /);
    expect(html).toMatch(/href="\/contact"[^>]*>Get Free Estimate</);
    const data = structuredDataIn(html);
    expect(data.find((item) => item['@type'] === 'Service')).toMatchObject({
      areaServed: { '@type': 'City', name: 'Flowery Branch, GA' },
    });
    expect(data.find((item) => item['@type'] === 'BreadcrumbList')).toBeDefined();

    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${site.url}/service-areas/flowery-branch-ga</loc>`);
    const home = await (await fetch(`${site.url}/`)).text();
    const banner = home.slice(home.indexOf('data-testid="towns-banner"'));
    expect(banner).toMatch(/<a[^>]*href="\/service-areas\/flowery-branch-ga"[^>]*>Flowery Branch<\/a>/);
    const plumber = structuredDataIn(home).find((item) => item['@type'] === 'Plumber')!;
    expect(plumber.areaServed).toContainEqual({ '@type': 'City', name: 'Flowery Branch, GA' });
    const listed = await (await fetch(`${site.url}/api/service-areas`)).json();
    expect(listed.serviceAreas.at(-1)).toMatchObject({ town: 'Flowery Branch', zips: ['30542'] });

    // The same page for Dawsonville with only the town changed: refused, naming the page it copies.
    await page.getByRole('button', { name: /^Edit Dawsonville$/ }).click();
    await page.getByRole('heading', { name: 'Edit Dawsonville' }).waitFor();
    await writeTownPage(
      page,
      'Plumber in Dawsonville, GA',
      floweryBranchText.map((paragraph) => paragraph.replaceAll('Flowery Branch', 'Dawsonville')),
    );
    await page.getByLabel('Publish the town page').check();
    await page.getByRole('button', { name: 'Save town' }).click();
    const refusal = page
      .getByRole('alert')
      .filter({
        hasText: 'This page reads like the Flowery Branch, GA town page (/service-areas/flowery-branch-ga)',
      })
      .first();
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toContain(
      'Search engines treat such copies as doorway pages',
    );
    expect((await fetch(`${site.url}/service-areas/dawsonville-ga`)).status).toBe(404);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A new address for the Flowery Branch page: the old one answers 301 to it.
    await page.getByRole('button', { name: /^Edit Flowery Branch$/ }).click();
    await page.getByRole('heading', { name: 'Edit Flowery Branch' }).waitFor();
    await page.getByLabel('Page address (slug)').fill('flowery-branch');
    await page.getByRole('button', { name: 'Save town' }).click();
    await toastWith(page, 'Flowery Branch saved').waitFor();
    const moved = await fetch(`${site.url}/service-areas/flowery-branch-ga`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get('location')!, site.url).pathname).toBe('/service-areas/flowery-branch');

    // What a visitor opens: the page at its new address, with nothing serious for axe.
    const visitor = await openPage(await site.browser.newContext());
    await visitor.page.goto(`${site.url}/service-areas/flowery-branch-ga`);
    expect(new URL(visitor.page.url()).pathname).toBe('/service-areas/flowery-branch');
    await visitor.page.getByRole('heading', { level: 1, name: 'Plumber in Flowery Branch, GA' }).waitFor();
    await waitForHydration(visitor.page);
    await expectNoSeriousAxeViolations(visitor.page);
    expect(visitor.errors).toEqual([]);
    await visitor.page.context().close();

    // The refused copy was answered 400, which the browser reports; nothing else went wrong.
    expect(owner.errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    expect(owner.errors).toHaveLength(1);
    await owner.context.close();
  });
});
