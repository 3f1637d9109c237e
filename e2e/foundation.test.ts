import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, openPage, waitForHydration } from './support/browser.ts';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server.ts';

describe('the running site', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the phone number from settings in the first HTML, then hydrates', async () => {
    // Render once so the page sits in the server's page cache: the change below must still show at once.
    const before = await fetch(`${server.url}/`);
    expect(await before.text()).toContain('(470) 555-0142');
    const signIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const current = await (await fetch(`${server.url}/api/admin/settings`, { headers: { cookie } })).json();
    const saved = await fetch(`${server.url}/api/admin/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...current.settings, phoneNumber: '(678) 555-0199' }),
    });
    expect(saved.status).toBe(200);

    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('(678) 555-0199');
    expect(html).not.toContain('(470) 555-0142');
    expect(html).toContain('href="tel:+16785550199"');

    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: /Call \(678\) 555-0199/ }).first().isVisible()).resolves.toBe(true);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves anonymous pages from memory after the first render, each with its own CSP nonce', async () => {
    await fetch(`${server.url}/`);
    const first = await fetch(`${server.url}/`);
    const second = await fetch(`${server.url}/`);
    expect(first.headers.get('x-page-cache')).toBe('hit');
    const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    const body = await second.text();
    expect(body).toContain(`nonce="${nonceOf(second)}"`);
    expect(second.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('Did you forget to add the page to the router?');
  });
});
