import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { E2E_ADMIN } from './server.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far; a test ends by asserting there are none. */
  errors: string[];
}

/** A page that records console errors, page errors and CSP violations. */
export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Waits until React has hydrated the page (PageShell sets the marker after hydration). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Signs in through the real form, from `/admin-login` (or an address that leads there), and waits for the
 * page the form sends the person on to (the panel unless `?next=` says otherwise), hydrated.
 */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  {
    credentials = E2E_ADMIN,
    from = '/admin-login',
    landsOn = '/admin',
  }: { credentials?: { username: string; password: string }; from?: string; landsOn?: string } = {},
): Promise<void> {
  await page.goto(`${baseUrl}${from}`);
  await waitForHydration(page);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}${landsOn}`);
  await waitForHydration(page);
}

/** Runs axe-core in the page and fails on any serious or critical finding. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol: the site's CSP rightly refuses injected inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
  expect(violations).toEqual([]);
}

/** A toast: role status, or alert for the destructive ones. */
export function toastWith(page: Page, text: string) {
  return page.locator('[role="status"], [role="alert"]').filter({ hasText: text });
}
