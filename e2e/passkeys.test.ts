import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openPage,
  signInThroughForm,
  toastWith,
  waitForHydration,
} from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { E2E_ADMIN } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';
import { useSite } from './support/site.ts';

async function signOut(page: Page, url: string) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${url}/admin-login`);
  await waitForHydration(page);
}

describe('passkeys in a browser', () => {
  const env: Record<string, string> = { ADMIN_EMAIL: 'owner@example.com' };
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  // Before useSite's own hook: the server is started with this SMTP server's address.
  beforeAll(async () => {
    smtp = await startSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  // WebAuthn takes a host name, not an IP address, as the site's identity.
  const site = useSite(env, { hostname: 'localhost' });

  it('adds a passkey in the Account tab, signs in with it alone, and a removed one signs in no more', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    // Chromium's virtual authenticator: a platform authenticator that keeps discoverable credentials and
    // verifies the person (as a fingerprint would) without a prompt.
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signInThroughForm(page, site.url);
    await page.getByRole('tab', { name: 'Account' }).click();
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Name for the new passkey').fill('Office laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    // Signed in moments ago, the password is not asked again; past five minutes it would be.
    const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
    await Promise.race([
      toastWith(page, 'Passkey added').waitFor(),
      dialog.waitFor().then(async () => {
        await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await toastWith(page, 'Passkey added').waitFor();
      }),
    ]);
    const passkey = section.getByTestId('passkey');
    await expect(passkey.getByRole('heading').textContent()).resolves.toBe('Office laptop');
    await expect(passkey.textContent()).resolves.toContain('last used never');
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await expectNoSeriousAxeViolations(page);

    const mail = await eventually(
      async () =>
        smtp!.received.find((message) => message.text.includes('A passkey was added to your account')),
      15_000,
    );
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.text).toContain('Passkey: Office laptop');
    expect(mail.text).toContain('If it was not you');
    expect(mail.text).toContain('Remove that passkey under Account, Passkeys');

    // Signed out, the passkey alone signs in: no username, no password.
    await signOut(page, site.url);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await waitForHydration(page);
    await page.getByText('Signed in as').waitFor();
    await page.getByRole('tab', { name: 'Account' }).click();
    await expect(passkey.textContent()).resolves.not.toContain('last used never');

    // With the password, the passkey is then asked for as the second step.
    await signOut(page, site.url);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await expect(
      page.getByRole('button', { name: 'Use a code from your app instead' }).count(),
    ).resolves.toBe(0);
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Account' }).click();

    page.once('dialog', (question) => void question.accept());
    await section.getByRole('button', { name: 'Remove Office laptop' }).click();
    await toastWith(page, 'Passkey removed').waitFor();
    await passkey.waitFor({ state: 'detached' });

    // The device still holds it, but the site no longer knows it.
    await signOut(page, site.url);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'That passkey was not accepted. Try again, or sign in with your password.',
    );
    expect(page.url()).toBe(`${site.url}/admin-login`);
    // The browser reports the refused passkey (400) as a failed load; nothing else may fail.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});
