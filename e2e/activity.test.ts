import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './support/eventually.ts';
import { openPage, signInThroughForm, toastWith, waitForHydration } from './support/browser.ts';
import { E2E_ADMIN } from './support/server.ts';
import { useSite, type Site } from './support/site.ts';
import { createPost, postReview } from './support/site-api.ts';
import { activityKindLabel } from '../src/shared/activity-kinds.ts';

const EDITOR = { username: 'eddie', password: 'editor password 123' };

async function addEditor(site: Site): Promise<void> {
  const response = await fetch(`${site.url}/trpc/adminUsers.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await site.adminCookie() },
    body: JSON.stringify({ ...EDITOR, email: 'eddie@example.com' }),
  });
  expect(response.status).toBe(200);
}

/** A browser of its own, signed in through the form after one wrong password. */
async function signInAfterOneMistake(site: Site, credentials: { username: string; password: string }) {
  const context = await site.browser.newContext({ acceptDownloads: true });
  const watched = await openPage(context);
  const { page } = watched;
  await page.goto(`${site.url}/admin-login`);
  await waitForHydration(page);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill('not my password at all');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('alert').getByText('Invalid username or password').waitFor();
  await signInThroughForm(page, site.url, { credentials });
  return { context, ...watched };
}

async function retitlePost(page: Page, baseUrl: string, postId: number, title: string) {
  await page.goto(`${baseUrl}/admin?tab=content&post=${postId}`);
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Edit Post' }).waitFor();
  await page.getByLabel('Title *').fill(title);
  await page.getByRole('button', { name: 'Update Post' }).click();
  await toastWith(page, 'Post updated').waitFor();
}

type Row = [person: string, kind: string, what: string];

/**
 * The Activity tab's rows as [person, kind, what], newest first, once they are what `shown` expects:
 * a filter changed a moment ago may still show the list before it.
 */
async function activityRows(page: Page, shown: (rows: Row[]) => boolean): Promise<Row[]> {
  const entries = page.getByTestId('activity-entry');
  await entries.first().waitFor();
  return eventually(async () => {
    const rows = (
      await entries.evaluateAll((elements) =>
        elements.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
      )
    ).map(([, person, kind, what]): Row => [person!, kind!, what!]);
    return shown(rows) ? rows : undefined;
  }, 10_000);
}

describe('the Activity tab', () => {
  const site = useSite();

  it('lists what an admin and an editor did with the right person, filters, exports CSV, and shows editors their own', async () => {
    await addEditor(site);
    const postId = await createPost(site.url, await site.adminCookie(), {
      type: 'news',
      title: 'Spring hours',
      excerpt: 'Open Saturdays.',
      content: '<p>Open Saturdays from March.</p>',
      isPublished: true,
    });
    await postReview(site.url, { name: 'Grace', rating: 5, review: 'Fixed our sump pump the same day.' });

    const editor = await signInAfterOneMistake(site, EDITOR);
    editor.page.on('dialog', (dialog) => void dialog.accept());
    await retitlePost(editor.page, site.url, postId, 'Spring hours: open Saturdays');
    await editor.page.getByRole('tab', { name: 'Reviews' }).click();
    await editor.page.getByRole('button', { name: 'Delete the review by Grace' }).click();
    await toastWith(editor.page, 'Review deleted').waitFor();
    await editor.page.getByRole('tab', { name: 'Trash' }).click();
    await editor.page
      .getByTestId('trash-item')
      .filter({ hasText: 'Review by Grace (5 stars)' })
      .getByRole('button', { name: 'Restore Review by Grace (5 stars)' })
      .click();
    await toastWith(editor.page, 'Restored').first().waitFor();

    const admin = await signInAfterOneMistake(site, E2E_ADMIN);
    await retitlePost(admin.page, site.url, postId, 'Spring hours: open Saturdays and Sundays');
    await admin.page.getByRole('tab', { name: 'Activity' }).click();
    const everyone = await activityRows(admin.page, (rows) => rows.length >= 9);
    // Newest first: the admin's steps, then the editor's, each under the name of who took it.
    expect(everyone.slice(0, 9)).toEqual([
      ['owner', 'Edited', 'Edited post “Spring hours: open Saturdays and Sundays”: Title'],
      ['owner', 'Signed in', 'Signed in with password'],
      ['owner', 'Sign-in refused', 'Sign-in refused: wrong password or account disabled'],
      ['eddie', 'Restored from Trash', 'Restored review “Review by Grace (5 stars)” from the Trash'],
      ['eddie', 'Moved to Trash', 'Moved review “Review by Grace (5 stars)” to the Trash'],
      ['eddie', 'Edited', 'Edited post “Spring hours: open Saturdays”: Title'],
      ['eddie', 'Signed in', 'Signed in with password'],
      ['eddie', 'Sign-in refused', 'Sign-in refused: wrong password or account disabled'],
      ['owner', 'Published', 'Published post “Spring hours”'],
    ]);

    // Each time on the company's clocks (a fresh install's zone), to the second.
    const newest = admin.page.getByTestId('activity-entry').first().locator('time');
    const newestAt = new Date((await newest.getAttribute('datetime'))!);
    await expect(newest.textContent()).resolves.toBe(
      new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'medium',
        timeZone: 'America/New_York',
      }).format(newestAt),
    );
    await expect(
      admin.page.getByRole('columnheader', { name: 'Time (America/New_York)' }).count(),
    ).resolves.toBe(1);

    await admin.page.getByLabel('Person', { exact: true }).selectOption({ label: 'eddie' });
    await admin.page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Edited' });
    await expect(activityRows(admin.page, (rows) => rows.length === 1)).resolves.toEqual([
      ['eddie', 'Edited', 'Edited post “Spring hours: open Saturdays”: Title'],
    ]);
    await admin.page.getByLabel('Kind', { exact: true }).selectOption({ label: 'All' });
    const eddieOnly = await activityRows(admin.page, (rows) => rows.length > 1);
    expect(eddieOnly.every(([person]) => person === 'eddie')).toBe(true);
    expect(eddieOnly.map(([, kind]) => kind)).toEqual([
      'Restored from Trash',
      'Moved to Trash',
      'Edited',
      'Signed in',
      'Sign-in refused',
    ]);
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(csv[0]).toBe('Time (UTC),Person,Kind,What,Address,Browser');
    // The export keeps the kinds as the log and the API name them; the tab shows their words.
    expect(
      csv.slice(1).map((line) => {
        const [person, kind] = line.split(',').slice(1, 3) as [string, string];
        return [person, activityKindLabel(kind)];
      }),
    ).toEqual(eddieOnly.map(([person, kind]) => [person, kind]));
    expect(csv[2]).toContain('Moved review “Review by Grace (5 stars)” to the Trash');

    // The editor sees their own entries only, and no person to choose.
    await editor.page.getByRole('tab', { name: 'Activity' }).click();
    const own = await activityRows(editor.page, (rows) => rows.length > 0);
    expect(own).toEqual(eddieOnly);
    await expect(editor.page.getByLabel('Person', { exact: true }).count()).resolves.toBe(0);

    // The refused passwords are reported by the browser as failed loads (401); nothing else may fail.
    for (const browser of [editor, admin]) {
      expect(browser.errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
      await browser.context.close();
    }
  });
});
