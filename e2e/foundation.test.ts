import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/project-root.ts';
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

  /** The page's one <style> element and the style sources its policy allows. */
  async function inlineStylesheetOf(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${site.url}${path}`, { headers });
    const policy = response.headers.get('content-security-policy')!;
    const html = await response.text();
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    return {
      css: styles[0]!,
      html,
      cache: response.headers.get('x-page-cache'),
      styleSources: /style-src ([^;]*)/.exec(policy)![1]!.trim().split(' '),
    };
  }
  const cspSourceOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  /** A built stylesheet's text, by the start of its name (the module that imports it). */
  const builtStylesheet = (start: string) => {
    const folder = join(projectRoot, 'dist', 'client', 'assets', 'static');
    const names = readdirSync(folder).filter((name) => name.startsWith(start) && name.endsWith('.css'));
    expect(names).toHaveLength(1);
    return readFileSync(join(folder, names[0]!), 'utf8');
  };

  it("writes each page's own stylesheet into its head, allowed by that page's hash alone, and adds scripts after the first paint", async () => {
    const hashes = new Set<string>();
    for (const path of ['/', '/services', '/book', '/no-such-page']) {
      const { css, html, styleSources } = await inlineStylesheetOf(path);
      expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
      expect(styleSources).not.toContain("'unsafe-inline'");
      expect(styleSources).toContain(cspSourceOf(css));
      hashes.add(cspSourceOf(css));
      // No other page's stylesheet is allowed beside it (the maintenance page's is its own).
      for (const other of hashes) if (other !== cspSourceOf(css)) expect(styleSources).not.toContain(other);
      // The scripts only make the page respond: none is in the HTML, the loader adds them once it is painted.
      expect(html).not.toMatch(/<script [^>]*type="module"|<link rel="modulepreload"/);
      expect(html).toContain(`>${PAGE_SCRIPT_LOADER}</script>`);
    }
    expect(hashes.size).toBe(4);
  });

  it("sends a page from the cache with the policy of the page's own stylesheet, also when it is not modified", async () => {
    await fetch(`${site.url}/news`);
    const cached = await inlineStylesheetOf('/news');
    expect(cached.cache).toBe('hit');
    expect(cached.styleSources).toContain(cspSourceOf(cached.css));
    const first = await fetch(`${site.url}/news`);
    const notModified = await fetch(`${site.url}/news`, {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-security-policy')).toContain(cspSourceOf(cached.css));
  });

  it("holds in the home page's stylesheet no rule of the admin's or the booking form's, and each page's own", async () => {
    const admin = builtStylesheet('src_components_AdminPanel_admin.css');
    const booking = builtStylesheet('pages_book_book.css');
    const home = await inlineStylesheetOf('/');
    expect(home.css).toContain(builtStylesheet('pages_index_home.css'));
    expect(home.css).not.toContain(admin);
    expect(home.css).not.toContain(booking);
    expect(home.css.length).toBeLessThan(25_000);
    expect((await inlineStylesheetOf('/book')).css).toContain(booking);
    expect((await inlineStylesheetOf('/admin-login')).css).toContain(admin);
  });

  it('gives every page the rules of every class its components write into its HTML', async () => {
    const folder = join(projectRoot, 'dist', 'client', 'assets', 'static');
    const builtClasses = new Set(
      readdirSync(folder)
        .filter((name) => name.endsWith('.css'))
        .flatMap((name) =>
          [...readFileSync(join(folder, name), 'utf8').matchAll(/\.([\w-]+)/g)].map((m) => m[1]!),
        ),
    );
    for (const path of [
      '/',
      '/services',
      '/services/residential-plumbing',
      '/book',
      '/news',
      '/testimonials',
      '/contact',
      '/about',
    ]) {
      const { css, html } = await inlineStylesheetOf(path);
      const written = new Set(
        [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)),
      );
      const styled = [...written].filter((name) => builtClasses.has(name));
      expect(styled.length, path).toBeGreaterThan(10);
      expect(
        styled.filter((name) => !new RegExp(`\\.${name}(?![\\w-])`).test(css)),
        path,
      ).toEqual([]);
    }
  });

  it('fetches no stylesheet once the page is painted: the page scripts bring none of those in its head', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto(`${site.url}/testimonials`);
    await waitForHydration(page);
    expect(stylesheets).toEqual([]);
    await expect(page.locator('link[rel="stylesheet"]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
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
