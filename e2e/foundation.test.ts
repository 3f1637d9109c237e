import { createHash } from 'node:crypto';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_SCRIPT_LOADER } from '../src/server/rendering/script-priority.ts';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { E2E_ADMIN } from './support/server.ts';

describe('the running site', () => {
  const site = useSite();

  it('serves the phone number from settings in the first HTML, then hydrates', async () => {
    // Render once so the page sits in the server's page cache: the change below must still show at once.
    const before = await fetch(`${site.url}/`);
    expect(await before.text()).toContain('(470) 555-0142');
    const signIn = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const current = await (await fetch(`${site.url}/api/admin/settings`, { headers: { cookie } })).json();
    const saved = await fetch(`${site.url}/api/admin/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...current.settings, phoneNumber: '(678) 555-0199' }),
    });
    expect(saved.status).toBe(200);

    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).toContain('(678) 555-0199');
    expect(html).not.toContain('(470) 555-0142');
    expect(html).toContain('href="tel:+16785550199"');

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    await expect(
      page
        .getByRole('link', { name: /Call \(678\) 555-0199/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves anonymous pages from memory after the first render, compressed for clients that accept it', async () => {
    await fetch(`${site.url}/`);
    // fetch() asks for gzip, deflate, br and decompresses: read the wire format with node:http instead.
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${site.url}/`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const [plain, brotli, gzip] = await Promise.all([raw('identity'), raw('gzip, deflate, br'), raw('gzip')]);
    expect([
      plain.headers['x-page-cache'],
      brotli.headers['x-page-cache'],
      gzip.headers['x-page-cache'],
    ]).toEqual(['hit', 'hit', 'hit']);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('allows one inline script, the loader of the page scripts, by its hash: no nonce, no unsafe-inline', async () => {
    const response = await fetch(`${site.url}/`);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).not.toContain('nonce-');
    expect(/script-src ([^;]*)/.exec(policy)![1]!.trim().split(' ')).toEqual([
      "'self'",
      `'sha256-${createHash('sha256').update(PAGE_SCRIPT_LOADER).digest('base64')}'`,
    ]);
    expect(policy).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([^<]*)<\/script>/g)];
    expect(inlineScripts.length).toBeGreaterThan(1);
    // Each other inline <script> is a data block (JSON-LD, Vike's page context), which browsers never run.
    for (const [, attributes, text] of inlineScripts) {
      if (text === PAGE_SCRIPT_LOADER) expect(attributes).toMatch(/^ data-entry="\/assets\/[^"]+\.js"/);
      else expect(attributes).toMatch(/type="application\/(ld\+)?json"/);
    }
  });

  it('writes the stylesheet into the head, allowed by its hash alone, and adds scripts after the first paint', async () => {
    for (const path of ['/', '/services', '/no-such-page']) {
      const response = await fetch(`${site.url}${path}`);
      const policy = response.headers.get('content-security-policy')!;
      const html = await response.text();
      expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
      const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
      expect(styles).toHaveLength(1);
      expect(styles[0]!.length).toBeGreaterThan(10_000);
      const styleSources = /style-src ([^;]*)/.exec(policy)![1]!.split(' ');
      expect(styleSources).not.toContain("'unsafe-inline'");
      expect(styleSources).toContain(`'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`);
      // The scripts only make the page respond: none is in the HTML, the loader adds them once it is painted.
      expect(html).not.toMatch(/<script [^>]*type="module"|<link rel="modulepreload"/);
      expect(html).toContain(`>${PAGE_SCRIPT_LOADER}</script>`);
    }
  });

  it('asks for the page scripts only once the browser has reported the first contentful paint', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/services`);
    await waitForHydration(page);
    const { firstContentfulPaint, firstScriptAsked } = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      firstScriptAsked: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(firstScriptAsked).toBeGreaterThan(firstContentfulPaint);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const response = await fetch(`${site.url}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('Did you forget to add the page to the router?');
  });
});
