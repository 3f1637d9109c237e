// Lighthouse 12 on its default mobile profile (a mid-range phone on a slow 4G network, simulated), run
// against Debian's Chromium as an outside check would run it: the four category scores of a page and
// the paint figures behind its performance score.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../e2e/support/browser.ts';

export interface LighthouseReport {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The audits that lost points, by id, for a reader who wants to know why a score is not 100. */
  failing: string[];
  /**
   * Lighthouse's own rating of this machine's speed: its simulated phone multiplies the CPU time it
   * observes, so the same page scores lower when the machine is busy or slow.
   */
  benchmarkIndex: number;
  /** Why Lighthouse could not measure the page, when it could not (its scores are then all zero). */
  runtimeError?: string;
}

/**
 * One Lighthouse run per page, each in a Chromium of its own, so no cache carries from one to the next.
 * A run that could not record the page (Lighthouse's NO_NAVSTART, about one run in fifteen here with
 * Debian's Chromium, whose message says to run it again) measured nothing: it is run again, twice at
 * most, and a third failure is reported as it is.
 */
export async function lighthouseReport(url: string): Promise<LighthouseReport> {
  let report = await lighthouseRun(url);
  for (let retry = 0; retry < 2 && report.runtimeError; retry++) report = await lighthouseRun(url);
  return report;
}

async function lighthouseRun(url: string): Promise<LighthouseReport> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failing = Object.values(categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      failing,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      ...(result.lhr.runtimeError
        ? { runtimeError: `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` }
        : {}),
    };
  } finally {
    chrome.kill();
  }
}
