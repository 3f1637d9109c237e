// The one fixture every browser test file starts from: the built server on its own port and empty database,
// one Chromium, and the owner's session for tests that put data in place or look at the site signed in.
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, openPage, type WatchedPage } from './browser.ts';
import { startServer, type RunningServer, type ServerAddressOptions } from './server.ts';
import { signInAsAdmin } from './site-api.ts';

export interface Site {
  /** The running server; available from the first beforeAll on. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The server's base address, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** The owner's Cookie header value; signs in through the API on first use, then reuses the session. */
  adminCookie(): Promise<string>;
  /** A new browser context carrying the owner's session, and a watched page in it. */
  signedInPage(options?: BrowserContextOptions): Promise<WatchedPage & { context: BrowserContext }>;
}

/**
 * Starts the server and the browser before the file's tests (ahead of the file's own beforeAll hooks, which
 * may already use them) and stops both after; call once at the top of a describe block.
 */
export function useSite(env: Record<string, string> = {}, address: ServerAddressOptions = {}): Site {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let cookie: string | undefined;

  beforeAll(async () => {
    server = await startServer(env, address);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started yet: use it inside a hook or test`);
    return value;
  };
  const site: Site = {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get url() {
      return started(server, 'server').url;
    },
    async adminCookie() {
      cookie ??= await signInAsAdmin(site.url);
      return cookie;
    },
    async signedInPage(options) {
      const session = (await site.adminCookie()).split('=')[1]!;
      const context = await site.browser.newContext(options);
      await context.addCookies([{ name: 'session', value: session, url: site.url }]);
      return { context, ...(await openPage(context)) };
    },
  };
  return site;
}
