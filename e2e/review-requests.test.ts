import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, toastWith, waitForHydration } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startSmtpServer } from './support/smtp.ts';
import { useSite } from './support/site.ts';

describe("the owner's Ask for a review button and the verified review form", () => {
  const env: Record<string, string> = {};
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  // Before useSite's own hook: the server is started with this SMTP server's address.
  beforeAll(async () => {
    smtp = await startSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  const site = useSite(env);

  it('asks the customer of a closed lead, whose personal link opens the form with their name and sends a verified review', async () => {
    const sent = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Avery',
        lastName: 'Tester',
        email: 'avery@example.com',
        message: 'The kitchen drain is slow.',
      }),
    });
    expect(sent.status).toBe(201);

    const owner = await site.signedInPage();
    await owner.page.goto(`${site.url}/admin?tab=leads`);
    await waitForHydration(owner.page);
    const lead = owner.page.locator('[data-testid="lead"]', { hasText: 'Avery Tester' });
    await lead.waitFor();
    await expect(lead.getByRole('button', { name: /Ask for a review/ }).count()).resolves.toBe(0);
    await lead.getByLabel('Status of Avery Tester').selectOption('closed');
    await lead.getByRole('button', { name: 'Ask for a review from Avery Tester' }).click();
    await toastWith(owner.page, 'Review request queued').waitFor();
    expect(owner.errors).toEqual([]);
    await owner.context.close();

    const mail = await eventually(
      async () => smtp!.received.find((message) => message.to.includes('avery@example.com')),
      10_000,
    );
    const path = /\/review\/[A-Za-z0-9_-]+/.exec(mail.text)![0];

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    // A fake clock, so the test can spend the seconds a person spends on the form without waiting them.
    await page.clock.install();
    await page.goto(`${site.url}${path}`);
    await waitForHydration(page);
    await expect(page.getByLabel('Name *').inputValue()).resolves.toBe('Avery Tester');
    await page.getByLabel('Rating *').selectOption('2');
    await page.getByLabel('Your review *').fill('Slow to arrive, but the drain runs now.');
    await page.clock.fastForward(20_000);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Thank you for your review.').waitFor();

    await page.goto(`${site.url}/testimonials`);
    const card = page.locator('[data-testid="review-list"] article', { hasText: 'Slow to arrive' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/Verified customer · job in \w+ \d{4}/);
    // The link was spent by the review: it opens, but only to say so.
    await page.goto(`${site.url}${path}`);
    await page.getByText('This link has been used for a review already.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
