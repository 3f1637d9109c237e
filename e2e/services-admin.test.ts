import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openPage, toastWith, waitForHydration } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { phonePhoto } from './support/phone-photo.ts';
import { useSite } from './support/site.ts';
import { structuredDataIn } from './support/site-api.ts';

async function html(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

describe('services edited in /admin', () => {
  const site = useSite();

  it('adds "Gas Line Repair" with a phone photo and three offerings, shown everywhere; a new slug leaves a 301', async () => {
    const { page, context, errors } = await site.signedInPage();
    await page.goto(`${site.url}/admin?tab=services`);
    await waitForHydration(page);
    await page.getByTestId('admin-service').first().waitFor();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Service' }) });

    await form.getByLabel('Title *').fill('Gas Line Repair');
    await form.getByLabel('Summary *').fill('Leaking or new gas lines, found and fixed safely.');
    await form.getByRole('textbox', { name: 'Description *' }).click();
    await page.keyboard.type('We find gas leaks with electronic detectors and repair the line to code.');
    await form
      .getByLabel('What it includes')
      .fill('Gas leak detection\nGas line replacement\nAppliance gas hookups');
    await form
      .getByLabel('Upload a photo (JPEG, PNG, GIF, WebP, AVIF): it joins the media library')
      .setInputFiles({
        name: 'IMG_4031.JPG',
        mimeType: 'image/jpeg',
        buffer: await phonePhoto(),
      });
    await toastWith(page, 'Photo uploaded').waitFor({ timeout: 30_000 });
    await form
      .getByLabel('Photo 1 alt text *')
      .fill('Technician testing a gas line joint with a leak detector');
    await form.getByLabel('Photo 1 caption').fill('Testing every joint after a repair');
    await form.getByLabel('Price from (dollars)').fill('149');
    await form
      .getByLabel('Home page card text')
      .fill('Smell gas? We find the leak and make the line safe today.');
    await form.getByRole('button', { name: 'Add Service' }).click();
    await toastWith(page, 'Service created').waitFor();
    await page.getByRole('heading', { name: 'Gas Line Repair', level: 3 }).waitFor();

    // The Services page: a section with its anchor, its offerings and the uploaded photo's copies.
    const services = await eventually(async () => {
      const answer = await html(`${site.url}/services`);
      return answer.body.includes('<section id="gas-line-repair"') ? answer.body : undefined;
    }, 5_000);
    for (const offering of ['Gas leak detection', 'Gas line replacement', 'Appliance gas hookups'])
      expect(services).toContain(`<li>${offering}</li>`);
    expect(services).toMatch(/alt="Technician testing a gas line joint with a leak detector"/);
    // Once the phone photo's smaller copies are made, the page offers them instead of the original.
    await eventually(async () => {
      const answer = await html(`${site.url}/services`);
      return /srcSet="\/uploads\/[^"]+ \d+w/.test(answer.body) ? true : undefined;
    }, 30_000);
    // The six anchors of the spec still lead where they did.
    expect(services).toContain('<section id="leak-detection-services"');

    // The home page: a tile and a card, and the business's catalogue in its structured data.
    const home = (await html(`${site.url}/`)).body;
    expect(home).toContain('href="/services#gas-line-repair"');
    expect(home).toContain('Smell gas? We find the leak and make the line safe today.');
    const plumber = structuredDataIn(home).find((data) => data['@type'] === 'Plumber') as {
      hasOfferCatalog: { itemListElement: { itemOffered: { name: string; url: string } }[] };
    };
    expect(plumber.hasOfferCatalog.itemListElement.map((offer) => offer.itemOffered.name)).toContain(
      'Gas Line Repair',
    );

    // Its own page, in the first HTML: breadcrumb, Service data, call, booking for it, and estimate.
    const own = await html(`${site.url}/services/gas-line-repair`);
    expect(own.status).toBe(200);
    expect(own.body).toMatch(/<h1[^>]*>Gas Line Repair<\/h1>/);
    expect(own.body).toContain('<nav class=');
    expect(own.body).toContain('aria-label="Breadcrumb"');
    expect(own.body).toMatch(/href="tel:[^"]+"/);
    expect(own.body).toContain('Get a Free Estimate');
    expect(own.body).toMatch(/<a [^>]*href="\/book\?service=gas-line-repair"[^>]*>Book online<\/a>/);
    const data = structuredDataIn(own.body);
    expect(data.find((each) => each['@type'] === 'Service')).toMatchObject({
      name: 'Gas Line Repair',
      offers: { priceSpecification: { minPrice: 149 } },
    });
    const breadcrumb = data.find((each) => each['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string }[];
    };
    expect(breadcrumb.itemListElement.map((item) => item.name)).toEqual([
      'Home',
      'Services',
      'Gas Line Repair',
    ]);

    const sitemap = (await html(`${site.url}/sitemap.xml`)).body;
    expect(sitemap).toContain(`${site.url}/services/gas-line-repair</loc>`);
    const footerAndForm = (await html(`${site.url}/contact`)).body;
    expect(footerAndForm).toContain('<option value="Gas Line Repair">Gas Line Repair</option>');

    // A new address: the old one answers 301 to it.
    await page.getByRole('button', { name: 'Edit Gas Line Repair' }).click();
    const editForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save Service' }) });
    await editForm.getByLabel('Address (slug)').fill('gas-piping');
    await editForm.getByRole('button', { name: 'Save Service' }).click();
    await toastWith(page, 'Service saved').waitFor();
    const moved = await eventually(async () => {
      const answer = await fetch(`${site.url}/services/gas-line-repair`, { redirect: 'manual' });
      return answer.status === 301 ? answer : undefined;
    }, 5_000);
    expect(moved.headers.get('location')).toMatch(/\/services\/gas-piping$/);

    // A question about the service shows on its page; the general ones on the contact page.
    const faqForm = page.getByRole('form', { name: 'Add a question' });
    await faqForm.getByLabel('Question *').fill('Do you fix gas leaks at night?');
    await faqForm.getByLabel('Answer *').fill('Yes, any time.\n\nCall first, then leave the house.');
    await faqForm.getByLabel('About').selectOption({ label: 'Gas Line Repair' });
    await faqForm.getByRole('button', { name: 'Add Question' }).click();
    await toastWith(page, 'Question added').waitFor();
    const withQuestion = await eventually(async () => {
      const answer = await html(`${site.url}/services/gas-piping`);
      return answer.body.includes('Do you fix gas leaks at night?') ? answer.body : undefined;
    }, 5_000);
    expect(withQuestion).toContain('<dd class="');
    expect(withQuestion).toContain('Call first, then leave the house.</dd>');
    const contact = (await html(`${site.url}/contact`)).body;
    expect(contact).toContain('Frequently Asked Questions');
    expect(contact).toContain('Are your plumbers licensed and insured?');
    expect(contact).not.toContain('Do you fix gas leaks at night?');
    expect(errors).toEqual([]);
    await context.close();

    // What a visitor sees there passes axe.
    const visitor = await site.browser.newContext();
    const watched = await openPage(visitor);
    await watched.page.goto(`${site.url}/services/gas-line-repair`);
    expect(new URL(watched.page.url()).pathname).toBe('/services/gas-piping');
    await waitForHydration(watched.page);
    await expectNoSeriousAxeViolations(watched.page);
    expect(watched.errors).toEqual([]);
    await visitor.close();
  });
});
