import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, companyDay } from '../src/shared/company-time.ts';
import { wallTimeToInstant } from '../src/shared/zoned-time.ts';
import { expectNoSeriousAxeViolations, toastWith, waitForHydration } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { useSite, type Site } from './support/site.ts';

interface PendingChange {
  id: number;
  runAt: string;
  document: Record<string, unknown>;
}

async function pendingChanges(site: Site, type: string, id: number): Promise<PendingChange[]> {
  const response = await fetch(`${site.url}/api/admin/scheduled-changes?type=${type}&id=${id}`, {
    headers: { cookie: await site.adminCookie() },
  });
  return ((await response.json()) as { changes: PendingChange[] }).changes;
}

async function createThrough(site: Site, path: string, body: object): Promise<number> {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await site.adminCookie() },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { offer?: { id: number }; faq?: { id: number } };
  return (answer.offer ?? answer.faq)!.id;
}

/**
 * Fills the editor's "schedule these changes" fields with tomorrow at 6 AM on the company's clocks (a
 * fresh install's zone), presses Schedule update and answers the instant that means.
 */
async function scheduleForTomorrowMorning(page: Page): Promise<Date> {
  const tomorrow = addDays(companyDay(new Date()), 1);
  const schedule = page.getByTestId('schedule-change');
  await schedule.getByLabel('Day', { exact: true }).fill(tomorrow);
  await schedule.getByLabel('Time', { exact: true }).fill('06:00');
  await schedule.getByRole('button', { name: 'Schedule update' }).click();
  await toastWith(page, 'Change scheduled').waitFor();
  return wallTimeToInstant(tomorrow, '06:00', 'America/New_York');
}

describe('the owner schedules a change to an offer and to a question from their editors', () => {
  const site = useSite();

  it('an offer’s new title waits for its time, listed under the editor until cancelled', async () => {
    const offerId = await createThrough(site, '/api/admin/offers', {
      title: 'Spring Special',
      amount: '$40 Off',
    });
    const { page, context } = await site.signedInPage();
    try {
      await page.goto(`${site.url}/admin?tab=offers`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Edit $40 Off Spring Special' }).click();
      await page.getByLabel('Title *').fill('Summer Special');
      const runAt = await scheduleForTomorrowMorning(page);
      const listed = page.getByTestId('schedule-change').getByRole('listitem');
      await listed.filter({ hasText: 'Update goes live' }).waitFor();
      await expectNoSeriousAxeViolations(page);

      const [change] = await pendingChanges(site, 'offer', offerId);
      expect(change!.runAt).toBe(runAt.toISOString());
      expect(change!.document).toMatchObject({ title: 'Summer Special', amount: '$40 Off' });
      const home = await (await fetch(`${site.url}/`)).text();
      expect(home).toContain('$40 Off Spring Special');
      expect(home).not.toContain('Summer Special');

      await listed.getByRole('button', { name: /^Cancel the update of/ }).click();
      await listed.waitFor({ state: 'detached' });
      await expect(pendingChanges(site, 'offer', offerId)).resolves.toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a question’s new answer is scheduled from the Services tab', async () => {
    const faqId = await createThrough(site, '/api/admin/faqs', {
      question: 'Do you charge for estimates?',
      answer: 'No, estimates are free.',
    });
    const { page, context } = await site.signedInPage();
    try {
      await page.goto(`${site.url}/admin?tab=services`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Edit Do you charge for estimates?' }).click();
      await page.getByLabel('Answer *').fill('No, estimates are free within 20 miles.');
      const runAt = await scheduleForTomorrowMorning(page);
      const [change] = await eventually(async () => {
        const changes = await pendingChanges(site, 'faq', faqId);
        return changes.length > 0 ? changes : undefined;
      }, 5_000);
      expect(change!.runAt).toBe(runAt.toISOString());
      expect(change!.document).toMatchObject({ answer: 'No, estimates are free within 20 miles.' });
    } finally {
      await context.close();
    }
  });
});
