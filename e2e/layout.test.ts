import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { changeSettings } from './support/site-api.ts';

// Shared layout: what every public page carries around its content.

const PHONE = '(470) 555-0190';
const PHONE_HREF = 'tel:+14705550190';

const NAVIGATION = [
  ['Home', '/'],
  ['Services', '/services'],
  ['News & Updates', '/news'],
  ['Advice Center', '/advice-center'],
  ['Testimonials', '/testimonials'],
  ['About', '/about'],
  ['Contact', '/contact'],
];

const SERVICE_LINKS = [
  ['Residential Plumbing', '/services#residential-plumbing'],
  ['Sewer + Drain Solutions', '/services#sewer-drain-solutions'],
  ['Filtration System', '/services#filtration-system-service'],
  ['Underground Plumbing', '/services#underground-plumbing-service'],
  ['Water Heater Services', '/services#water-heater-service'],
  ['Tankless Water Installation', '/services#leak-detection-services'],
];

/** Each link's accessible name and href, in page order. */
function linksOf(container: Locator) {
  return container
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => [link.textContent.trim(), link.getAttribute('href')]));
}

describe('shared layout', () => {
  const site = useSite();
  let cookie: string;

  beforeAll(async () => {
    cookie = await site.adminCookie();
    await changeSettings(site.url, cookie, { phoneNumber: PHONE });
  });

  async function openDesktop(path = '/about') {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}${path}`);
    await waitForHydration(page);
    return { context, page, errors };
  }

  it('keeps a sticky header with the seven links and a call button dialling the phone from settings', async () => {
    const { context, page, errors } = await openDesktop();
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main', exact: true });
    await expect(linksOf(nav)).resolves.toEqual(NAVIGATION);
    await expect(nav.getByRole('link', { name: 'About' }).getAttribute('aria-current')).resolves.toBe('page');

    const call = header.getByRole('link', { name: `Call ${PHONE}` });
    await expect(call.getAttribute('href')).resolves.toBe(PHONE_HREF);
    await expect(call.isVisible()).resolves.toBe(true);
    // Small-screen controls stay out of the way on a wide screen.
    await expect(header.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);

    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY === 1200);
    await expect(header.boundingBox().then((box) => box!.y)).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the header on one line, inside its column, from 1024 px up; the name shows from 1280 px', async () => {
    for (const width of [1024, 1152, 1280, 1440]) {
      const context = await site.browser.newContext({ viewport: { width, height: 800 } });
      const { page, errors } = await openPage(context);
      await page.goto(`${site.url}/`);
      const header = page.getByRole('banner');
      const layout = await header.evaluate((element) => {
        const row = element.firstElementChild!;
        const nav = element.querySelector('nav[aria-label="Main"]')!;
        const links = [...nav.querySelectorAll('a')].map((link) => link.getBoundingClientRect());
        const call = element.querySelector('a[href^="tel:"]')!.getBoundingClientRect();
        return {
          linkTops: new Set(links.map((box) => Math.round(box.top))).size,
          linkHeights: Math.max(...links.map((box) => box.height)),
          overflow: row.scrollWidth - row.clientWidth,
          callInside: call.right <= row.getBoundingClientRect().right,
        };
      });
      expect(layout, `${width} px`).toEqual({
        linkTops: 1,
        linkHeights: expect.any(Number) as number,
        overflow: 0,
        callInside: true,
      });
      // A link's text on one line: no link is taller than two lines of its own text would make it.
      expect(layout.linkHeights, `${width} px`).toBeLessThan(48);
      await expect(header.getByRole('link', { name: `Call ${PHONE}` }).isVisible()).resolves.toBe(true);
      await expect(header.getByRole('link', { name: 'Cumming Plumbing Pros' }).count()).resolves.toBe(1);
      // Below 1280 px the name is read out but takes no room (a 1 px clipped box).
      const nameWidth = await header.getByText('Cumming Plumbing Pros').evaluate((name) => name.clientWidth);
      expect(nameWidth > 1, `${width} px`).toBe(width >= 1280);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('collapses the menu on a 390 px screen into a toggle that opens it with an emergency call block and closes on Escape or the toggle', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    const header = page.getByRole('banner');
    const toggle = header.getByRole('button', { name: /^(Menu|Close)$/ });
    const menu = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    const smallScreenNav = header.getByRole('navigation', { name: 'Main, small screens' });

    // Collapsed: neither the wide-screen links nor the call button show, only the toggle.
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menu.isHidden()).resolves.toBe(true);
    await expect(header.getByRole('navigation', { name: 'Main', exact: true }).count()).resolves.toBe(0);
    await expect(header.getByRole('link', { name: `Call ${PHONE}` }).count()).resolves.toBe(0);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await smallScreenNav.waitFor();
    await expect(linksOf(smallScreenNav)).resolves.toEqual(NAVIGATION);
    await expect(menu.getByText('24/7 emergency plumbing').isVisible()).resolves.toBe(true);
    await expect(menu.getByRole('link', { name: `Call ${PHONE}` }).getAttribute('href')).resolves.toBe(
      PHONE_HREF,
    );
    await expectNoSeriousAxeViolations(page);

    // Escape from inside the menu closes it and puts focus back on the toggle, not on a hidden link.
    await smallScreenNav.getByRole('link', { name: 'Services' }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menu.isHidden()).resolves.toBe(true);
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    await toggle.click();
    await expect(menu.isVisible()).resolves.toBe(true);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menu.isHidden()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ends every page with quick links, the six services, contact info with the first two days of hours, and no social links while none are set', async () => {
    const { context, page, errors } = await openDesktop();
    const footer = page.getByRole('contentinfo');
    await expect(linksOf(footer.getByRole('region', { name: 'Quick links' }))).resolves.toEqual(NAVIGATION);
    await expect(linksOf(footer.getByRole('region', { name: 'Our services' }))).resolves.toEqual(
      SERVICE_LINKS,
    );

    const contact = footer.getByRole('region', { name: 'Contact' });
    await expect(contact.getByRole('link', { name: PHONE }).getAttribute('href')).resolves.toBe(PHONE_HREF);
    await expect(
      contact.getByRole('link', { name: 'service@cummingplumbingpros.com' }).getAttribute('href'),
    ).resolves.toBe('mailto:service@cummingplumbingpros.com');
    const contactText = (await contact.textContent())!;
    expect(contactText).toContain('Emergency:');
    expect(contactText).toContain('100 Main Street, Cumming, GA 30040');
    expect(contactText).toContain('Monday: 8:00 AM - 6:00 PM');
    expect(contactText).toContain('Tuesday: 8:00 AM - 6:00 PM');
    for (const day of ['Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      expect(contactText).not.toContain(day);

    await expect(footer.getByRole('region', { name: 'Follow us' }).count()).resolves.toBe(0);
    await expect(
      footer.getByRole('link', { name: /Facebook|Instagram|Twitter|LinkedIn/ }).count(),
    ).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows only the social links the owner has set', async () => {
    await changeSettings(site.url, cookie, {
      facebook: 'https://www.facebook.com/cummingplumbingpros',
      linkedin: 'https://www.linkedin.com/company/cummingplumbingpros',
    });
    try {
      const { context, page, errors } = await openDesktop();
      const social = page.getByRole('contentinfo').getByRole('region', { name: 'Follow us' });
      await expect(linksOf(social)).resolves.toEqual([
        ['Facebook', 'https://www.facebook.com/cummingplumbingpros'],
        ['LinkedIn', 'https://www.linkedin.com/company/cummingplumbingpros'],
      ]);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await changeSettings(site.url, cookie, { facebook: '', linkedin: '' });
    }
  });

  it('keeps the call button at the bottom right and the scroll-to-top button at the bottom left', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await site.browser.newContext({ viewport });
      const { page, errors } = await openPage(context);
      await page.goto(`${site.url}/services`);
      await waitForHydration(page);
      const call = page.getByRole('link', { name: `Call Cumming Plumbing Pros at ${PHONE}` });
      await expect(call.getAttribute('href')).resolves.toBe(PHONE_HREF);
      const callBox = (await call.boundingBox())!;
      // Within 40 px of the right and bottom edges (its margin is 24 px).
      expect(viewport.width - (callBox.x + callBox.width)).toBeGreaterThanOrEqual(0);
      expect(viewport.width - (callBox.x + callBox.width)).toBeLessThanOrEqual(40);
      expect(viewport.height - (callBox.y + callBox.height)).toBeGreaterThanOrEqual(0);
      expect(viewport.height - (callBox.y + callBox.height)).toBeLessThanOrEqual(40);

      // When it appears is tested with the home and testimonials pages; here, where.
      await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
      const scrollTop = page.getByRole('button', { name: 'Scroll to top' });
      await scrollTop.waitFor();
      const scrollTopBox = (await scrollTop.boundingBox())!;
      expect(scrollTopBox.x).toBeGreaterThanOrEqual(0);
      expect(scrollTopBox.x).toBeLessThanOrEqual(40);
      expect(viewport.height - (scrollTopBox.y + scrollTopBox.height)).toBeLessThanOrEqual(40);
      // The two never overlap, even on a phone.
      expect(scrollTopBox.x + scrollTopBox.width).toBeLessThan(callBox.x);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
