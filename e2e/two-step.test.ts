import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeTotpSecret, hotp, totpStepAt } from '../src/server/services/totp.ts';
import {
  expectNoSeriousAxeViolations,
  openPage,
  signInThroughForm,
  toastWith,
  waitForHydration,
} from './support/browser.ts';
import { E2E_ADMIN } from './support/server.ts';
import { useSite } from './support/site.ts';

/** The password step through the form, which then asks for the code. */
async function enterPassword(page: Page, url: string) {
  await page.goto(`${url}/admin-login`);
  await waitForHydration(page);
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('two-step sign-in in a browser', () => {
  const site = useSite();

  it('sets up from the QR code’s key, signs in with a code once, a recovery code once, and locks after 5 wrong codes', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signInThroughForm(page, site.url);
    await page.getByRole('tab', { name: 'Account' }).click();
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = decodeTotpSecret((await section.getByTestId('totp-secret').textContent())!);
    await expectNoSeriousAxeViolations(page);
    await section.getByLabel('Code from the app').fill(hotp(secret, totpStepAt(new Date())));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await toastWith(page, 'Two-step sign-in is on').waitFor();
    const recoveryCodes = await section
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/admin-login`);

    // The code of the next 30-second step is already accepted, and the one used at set-up is not again.
    const code = hotp(secret, totpStepAt(new Date()) + 1);
    await enterPassword(page, site.url);
    await enterCode(page, code);
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/admin-login`);

    await enterPassword(page, site.url);
    await enterCode(page, code);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'That code is not right, or was already used',
    );

    await enterCode(page, recoveryCodes[0]!);
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/admin-login`);

    // Before the page's script runs (here: never), both steps work as plain form posts.
    const withoutScript = await site.browser.newContext({ javaScriptEnabled: false });
    const plain = await withoutScript.newPage();
    await plain.goto(`${site.url}/admin-login`);
    await plain.getByLabel('Username').fill(E2E_ADMIN.username);
    await plain.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await plain.getByRole('button', { name: 'Sign in', exact: true }).click();
    await plain.waitForURL(`${site.url}/admin-login?step=code`);
    await plain.getByLabel('Code').fill('999999');
    await plain.getByRole('button', { name: 'Continue' }).click();
    await expect(plain.getByRole('alert').textContent()).resolves.toBe(
      'That code is not right, or was already used',
    );
    await plain.getByLabel('Code').fill(recoveryCodes[1]!);
    await plain.getByRole('button', { name: 'Continue' }).click();
    await plain.waitForURL(`${site.url}/admin`);
    // Signing out is a form post too.
    await plain.getByRole('button', { name: 'Logout' }).click();
    await plain.waitForURL(`${site.url}/admin-login`);
    // The session is over: the panel sends this browser to sign in again.
    await plain.goto(`${site.url}/admin`);
    expect(plain.url()).toBe(`${site.url}/admin-login`);
    await withoutScript.close();

    await enterPassword(page, site.url);
    await enterCode(page, recoveryCodes[0]!);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'That code is not right, or was already used',
    );

    // One wrong code was counted above; four more, and then even the right code is refused.
    for (let attempt = 0; attempt < 4; attempt++) {
      await enterCode(page, '000000');
      await page.getByRole('button', { name: 'Continue' }).waitFor();
    }
    await enterCode(page, hotp(secret, totpStepAt(new Date()) + 1));
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(
      /^Too many wrong codes\. Try again in 1[45] minutes\.$/,
    );
    // The browser reports each refused code (400, 429) as a failed load; nothing else may fail.
    expect(errors.filter((error) => !/status of (400|429)/.test(error))).toEqual([]);
    await context.close();
  });
});

describe('two-step sign-in required of every account', () => {
  const site = useSite();

  it('an editor without it is sent to set it up before anything else, then reaches the panel', async () => {
    const ownerContext = await site.browser.newContext();
    const owner = await openPage(ownerContext);
    await signInThroughForm(owner.page, site.url);
    await owner.page.getByRole('tab', { name: 'Account' }).click();
    const team = owner.page.getByRole('region', { name: 'Team' });
    await team.getByLabel('Username').fill('eddie');
    await team.getByLabel('Email').fill('eddie@example.com');
    await team.getByLabel('Password').fill('editor password 123');
    await team.getByRole('button', { name: 'Add editor' }).click();
    await toastWith(owner.page, 'Editor added').waitFor();
    // Checked once the server has it: the box shows the stored rule, not the click.
    const rule = team.getByLabel('Require two-step sign-in for every account');
    await rule.click();
    await toastWith(owner.page, 'Two-step sign-in required').waitFor();
    await expect.poll(() => rule.isChecked()).toBe(true);
    expect(owner.errors).toEqual([]);
    await ownerContext.close();

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await signInThroughForm(page, site.url, {
      credentials: { username: 'eddie', password: 'editor password 123' },
    });
    await page.getByText('An admin requires two-step sign-in for every account').waitFor();
    await expect(page.getByRole('tab').count()).resolves.toBe(0);
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const secret = decodeTotpSecret((await section.getByTestId('totp-secret').textContent())!);
    await section.getByLabel('Code from the app').fill(hotp(secret, totpStepAt(new Date())));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Continue to the admin area' }).click();
    await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
    // The panel's first reads were refused (403) while the set-up was due; nothing else may fail.
    expect(errors.filter((error) => !error.includes('status of 403'))).toEqual([]);
    await context.close();
  });
});
