import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDatabase, queryDatabase, baseDatabaseUrl } from './instances/support.ts';
import {
  expectNoSeriousAxeViolations,
  openPage,
  signInThroughForm,
  toastWith,
  waitForHydration,
} from './support/browser.ts';
import { E2E_ADMIN } from './support/server.ts';
import { useSite, type Site } from './support/site.ts';

/** Signs in through the form in a browser of its own (a context: its own cookies), on the Account tab. */
async function signedInBrowser(site: Site, password: string = E2E_ADMIN.password) {
  const context = await site.browser.newContext();
  const watched = await openPage(context);
  await signInThroughForm(watched.page, site.url, { credentials: { ...E2E_ADMIN, password } });
  return { context, ...watched };
}

/**
 * Whether the panel still opens for this browser, or its next request sends it to sign in. Either page
 * is left hydrated: a tab clicked before React has taken over the panel does nothing.
 */
async function stillSignedIn(page: Page, url: string): Promise<boolean> {
  await page.goto(`${url}/admin`);
  await waitForHydration(page);
  return !page.url().includes('/admin-login');
}

describe('sessions you can see and end', () => {
  const site = useSite();

  it('changing the password in one browser signs the other out at its next request; so does "Sign out everywhere else"', async () => {
    const laptop = await signedInBrowser(site);
    const phone = await signedInBrowser(site);
    await laptop.page.getByRole('tab', { name: 'Account' }).click();
    const sessions = laptop.page.getByRole('region', { name: "Where you're signed in" });
    await sessions.getByTestId('session').nth(1).waitFor();
    await expect(sessions.getByTestId('session').count()).resolves.toBe(2);
    await expect(sessions.getByTestId('session').first().textContent()).resolves.toContain('This one');
    await expect(sessions.getByTestId('session').first().textContent()).resolves.toContain('Chrome on Linux');
    await expectNoSeriousAxeViolations(laptop.page);

    await laptop.page.getByLabel('Current password').fill(E2E_ADMIN.password);
    await laptop.page.getByLabel('New password', { exact: true }).fill('a changed kitchen password');
    await laptop.page.getByLabel('Repeat the new password').fill('a changed kitchen password');
    await laptop.page.getByRole('button', { name: 'Change password' }).click();
    await toastWith(laptop.page, 'Password changed').waitFor();
    expect(await stillSignedIn(phone.page, site.url)).toBe(false);
    expect(await stillSignedIn(laptop.page, site.url)).toBe(true);

    const tablet = await signedInBrowser(site, 'a changed kitchen password');
    await laptop.page.getByRole('tab', { name: 'Account' }).click();
    await laptop.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await toastWith(laptop.page, 'Signed out everywhere else').waitFor();
    expect(await stillSignedIn(tablet.page, site.url)).toBe(false);
    expect(await stillSignedIn(laptop.page, site.url)).toBe(true);

    // Every step is in the Activity tab, with the person.
    await laptop.page.getByRole('tab', { name: 'Activity' }).click();
    const entries = laptop.page.getByTestId('activity-entry');
    await entries.first().waitFor();
    const texts = await entries.allTextContents();
    expect(texts[0]).toContain('Signed out everywhere else (1 session)');
    expect(texts.some((text) => text.includes('Changed own password (1 other session signed out)'))).toBe(
      true,
    );
    expect(texts.filter((text) => text.includes('Signed in with password')).length).toBe(3);
    expect(texts.every((text) => text.includes(E2E_ADMIN.username))).toBe(true);
    for (const browser of [laptop, phone, tablet]) {
      expect(browser.errors).toEqual([]);
      await browser.context.close();
    }
  });
});

// Five minutes cannot pass in a test: the session's last proof of who is there is moved six minutes
// back in the database instead, which needs a server on PostgreSQL (CI sets TEST_DATABASE_URL).
describe.skipIf(!baseDatabaseUrl)('re-authentication before a backup download', () => {
  let database: { url: string; drop: () => Promise<void> };
  const env: Record<string, string> = {};
  // Registered before useSite's, so the server starts on this database (and stops before it is dropped).
  beforeAll(async () => {
    database = await makeDatabase();
    env.DATABASE_URL = database.url;
  });
  afterAll(async () => {
    await database?.drop();
  });
  const site = useSite(env);

  it('downloading a backup 6 minutes after signing in asks for the password again, then downloads', async () => {
    const owner = await signedInBrowser(site);
    await queryDatabase(
      database.url,
      (sql) => sql`update sessions set reauthenticated_at = now() - interval '6 minutes'`,
    );
    await owner.page.getByRole('tab', { name: 'Settings' }).click();
    await owner.page.getByRole('link', { name: 'Download a backup now' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Confirm your password' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('That password is not correct').waitFor();
    const download = owner.page.waitForEvent('download');
    await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect((await download).suggestedFilename()).toMatch(/^site-\d{8}-\d{4}\.backup$/);
    // The browser reports the refused password (400) as a failed load; nothing else may fail.
    expect(owner.errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await owner.context.close();
  });
});
