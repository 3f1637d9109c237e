// `npm run bench`: every figure the site is held to, measured in one run beside a baseline from the same
// run, and printed with its goal. Prints, never asserts: a figure that misses its goal says so.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser.ts';
import { eventually } from '../e2e/support/eventually.ts';
import { phonePhoto } from '../e2e/support/phone-photo.ts';
import { E2E_ADMIN } from '../e2e/support/server.ts';
import { createPost, postReview, signInAsAdmin, uploadThrough } from '../e2e/support/site-api.ts';
import {
  calibratedPhone,
  lighthouseReport,
  PHONE_TOLERANCE,
  RUNS_PER_PAGE,
  TARGET_BENCHMARK_INDEX,
  type LighthouseReport,
} from './lighthouse.ts';
import {
  CONNECTIONS,
  DURATION_S,
  WARM_UP,
  answerAt,
  load,
  loadFor,
  loadTool,
  loadBesideStatic,
  type LoadResult,
} from './load.ts';
import { startWithNpm, type StartedServer } from '../e2e/support/npm-start.ts';
import { makeMemoryGroup, memoryOf, watchChildMemory, type ProcessPeak } from './process-memory.ts';

/** A service's own page, as a fresh install has it (db/seed-content.ts). */
const SERVICE_PAGE = '/services/residential-plumbing';
/** A town page of the owner's, published by seed() with words of its own. */
const TOWN_PAGE = '/service-areas/flowery-branch-ga';

const root = join(import.meta.dirname, '..');

/**
 * Staff's pages, which may be rendered for every request, are held to a share of what a bare server
 * answers on the same host: first set as 900 a second on a host whose bare server answered 45,000. A
 * rate alone holds only for the host it was measured on.
 */
const STAFF_PAGE_RATIO = 0.02;
const STAFF_PAGE_GOAL = `>= ${STAFF_PAGE_RATIO} of static (900 req/s beside 45,000)`;

/**
 * Starts on the existing data folder, the median of which is the row's figure: one start on a shared
 * host moved by a quarter from one bench to the next (856, 942 and 1,101 ms) with no change to it.
 */
const RESTARTS = 3;

interface Goal {
  what: string;
  measured: string;
  goal: string;
  /** Undefined where this machine cannot measure it (no memory groups in a container, say). */
  met: boolean | undefined;
}
const goals: Goal[] = [];
const metWord = (met: boolean | undefined) => (met === undefined ? 'not measured' : met ? 'yes' : 'NO');
function report(what: string, measured: string, goal: string, met: boolean | undefined): void {
  goals.push({ what, measured, goal, met });
  console.log(`${met === undefined ? 'n/a ' : met ? 'met ' : 'MISS'}  ${what}: ${measured} (goal: ${goal})`);
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

const ratio = (site: LoadResult, baseline: LoadResult) => site.requestsPerSecond / baseline.requestsPerSecond;
/** Two decimals, or three below a tenth, where two would round 0.015 up to the 0.02 a goal asks for. */
const shownRatio = (value: number) => value.toFixed(value < 0.1 ? 3 : 2);
const describeLoad = (site: LoadResult, baseline: LoadResult) =>
  `${site.requestsPerSecond} req/s = ${shownRatio(ratio(site, baseline))} of static ${baseline.requestsPerSecond}, p50 ${site.p50Ms} ms, p99 ${site.p99Ms} ms, ${site.errors} errors, after ${site.warmUpSeconds} s of warm-up`;

/** The answer's bytes as a client that takes no compression gets them, as wrk and the baseline do. */
const plainBody = async (url: string): Promise<Buffer> => (await answerAt(url)).body;

/**
 * Asks for `url` as a visitor until the answer is rendered rather than taken from the page cache: the
 * page is then kept its full minute, longer than a load and its warm-up. A page answered from the cache
 * may have been stored most of a minute before, and once it is dropped every request signed-in staff
 * make is rendered (staff's renders are never kept).
 */
async function keptAfresh(url: string): Promise<void> {
  await eventually(
    async () => {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response.headers.get('x-page-cache') === 'hit' ? undefined : true;
    },
    70_000,
    500,
  );
}

function postCount(listBody: Buffer): number {
  const lists = JSON.parse(listBody.toString()) as { newsPosts: unknown[]; advicePosts: unknown[] };
  return lists.newsPosts.length + lists.advicePosts.length;
}

/** 30 news and 30 advice posts, 20 reviews, and one article whose image is a phone photo uploaded as the owner does. */
async function seed(baseUrl: string): Promise<{ cookie: string; articleId: number; photoKb: number }> {
  const cookie = await signInAsAdmin(baseUrl);
  const paragraph =
    '<p>Regular maintenance keeps water heaters, drains and fixtures working for years. Here is what our technicians check on every visit, and what you can do between visits.</p>';
  for (const type of ['news', 'advice'] as const) {
    for (let n = 1; n <= 30; n++) {
      await createPost(baseUrl, cookie, {
        type,
        title: `${type === 'news' ? 'Company update' : 'Plumbing tip'} number ${n} for Forsyth County homeowners`,
        excerpt: 'What every homeowner in Cumming should know before calling a plumber.',
        content: paragraph.repeat(8),
        ...(n % 2 === 0 ? { image: `/images/services/water-heater-${(n % 3) + 1}.jpg` } : {}),
        isPublished: true,
      });
    }
  }
  for (let n = 1; n <= 20; n++) {
    await postReview(baseUrl, {
      name: `Customer${n}`,
      secondName: 'Smith',
      rating: (n % 5) + 1,
      review: 'Fast, friendly and fairly priced. Would call again.',
    });
  }
  const town = await fetch(`${baseUrl}/api/admin/service-areas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      town: 'Flowery Branch',
      state: 'GA',
      zips: ['30542'],
      pageHeading: 'Plumbers in Flowery Branch',
      pageIntro: 'Lake-shore homes, sump pumps and well water: the plumbing of the north end of the lake.',
      pageBody: paragraph.repeat(4),
      pagePublished: true,
    }),
  });
  if (town.status !== 201)
    throw new Error(`publishing a town page failed: ${town.status} ${await town.text()}`);
  const photo = await phonePhoto();
  const image = await uploadThrough({ url: baseUrl }, cookie, photo, 'IMG_4031.JPG');
  const articleId = await createPost(baseUrl, cookie, {
    type: 'news',
    title: 'Our new service van is on the road in north Forsyth',
    excerpt: 'A second van means shorter waits for homes north of Cumming.',
    content: paragraph.repeat(6),
    image,
    isPublished: true,
  });
  // The smaller copies are made after the upload answered: the figures are for the page that shows them.
  await eventually(async () => {
    const html = await (await fetch(`${baseUrl}/post/${articleId}`)).text();
    return html.includes('type="image/avif"') || undefined;
  }, 120_000);
  return { cookie, articleId, photoKb: Math.round(photo.length / 1024) };
}

async function assetSizes(baseUrl: string, html: string): Promise<{ jsKb: number; cssKb: number }> {
  const urls = new Set<string>();
  // Linked, or named to the loader that adds the page's scripts after its first paint.
  for (const match of html.matchAll(/\/assets\/[^"\s]+\.(?:js|css)/g)) urls.add(match[0]);
  let js = 0;
  let css = 0;
  for (const url of urls) {
    const bytes = gzipSync(Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer())).length;
    if (url.endsWith('.js')) js += bytes;
    else css += bytes;
  }
  // A stylesheet written into the page comes with the page's own bytes.
  for (const match of html.matchAll(/<style>([^<]*)<\/style>/g)) css += gzipSync(match[1]!).length;
  return { jsKb: js / 1024, cssKb: css / 1024 };
}

/** Whether the main navigation's links stand on one line at each width, as a browser lays them out. */
async function headerOnOneLine(baseUrl: string, widths: number[]): Promise<Map<number, boolean>> {
  const browser = await launchBrowser();
  const lines = new Map<number, boolean>();
  try {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      const tops = await page.evaluate(() => {
        const links = document.querySelectorAll('header nav[aria-label="Main"] a');
        return new Set([...links].map((link) => Math.round(link.getBoundingClientRect().top))).size;
      });
      lines.set(width, tops === 1);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return lines;
}

const cachedPages = (articleId: number) => [
  '/',
  '/news',
  '/services',
  SERVICE_PAGE,
  TOWN_PAGE,
  `/post/${articleId}`,
];
const adLink = { freshQuery: '?fbclid={n}&utm_source=facebook' };
/** Read live on every request: room changes with each booking and with the clock. */
const LIVE_READS = [
  ['GET /api/booking/availability (a week of windows)', '/api/booking/availability?zip=30040&days=7'],
  ["/book at the window step (a visitor's ZIP and service)", '/book?zip=30040&service=water-heater-services'],
] as const;

/**
 * Each load of `everyLoad` once, for `seconds`, unmeasured: what they do to the server's memory in a
 * shorter run (BENCH_ONLY=memory, and the run inside a memory limit).
 */
async function briefLoads(base: string, cookie: string, articleId: number, seconds = 2): Promise<void> {
  for (const path of cachedPages(articleId)) await loadFor(`${base}${path}`, {}, seconds);
  await loadFor(`${base}/`, adLink, seconds);
  await fetch(`${base}/`);
  await loadFor(`${base}/`, { headers: { cookie } }, seconds);
  await loadFor(`${base}/`, { headers: { cookie, 'cache-control': 'no-cache' } }, seconds);
  await loadFor(`${base}/api/posts`, {}, seconds);
  for (const [, path] of LIVE_READS) await loadFor(`${base}${path}`, {}, seconds);
}

/** Every load the bench measures, each beside a baseline, reported with its goal. */
async function everyLoad(base: string, cookie: string, articleId: number): Promise<void> {
  // Cached pages, each beside the same bytes served by a bare Node server.
  console.log('');
  const pageRows: string[][] = [];
  let homeBaseline: LoadResult | undefined;
  let worstPageRatio = Infinity;
  let worstPageP99 = 0;
  for (const path of cachedPages(articleId)) {
    await fetch(`${base}${path}`);
    const { site, baseline } = await loadBesideStatic(`${base}${path}`, await answerAt(`${base}${path}`));
    if (path === '/') homeBaseline = baseline;
    worstPageRatio = Math.min(worstPageRatio, ratio(site, baseline));
    worstPageP99 = Math.max(worstPageP99, site.p99Ms);
    pageRows.push([
      path,
      String(site.requestsPerSecond),
      String(baseline.requestsPerSecond),
      ratio(site, baseline).toFixed(2),
      `${site.p50Ms} ms`,
      `${site.p99Ms} ms`,
      String(site.errors),
    ]);
  }
  printTable(['cached page', 'req/s', 'static req/s', 'ratio', 'p50', 'p99', 'errors'], pageRows);
  report(
    'cached pages (/, /news, /services, an article)',
    `lowest ratio ${worstPageRatio.toFixed(2)} of static, highest p99 ${worstPageP99} ms`,
    '>= 0.50 of static, p99 < 50 ms',
    worstPageRatio >= 0.5 && worstPageP99 < 50,
  );

  const { site: tracking, baseline: trackingBaseline } = await loadBesideStatic(
    `${base}/`,
    await answerAt(`${base}/`),
    adLink,
  );
  report(
    'home page from an ad link (new fbclid every visit)',
    describeLoad(tracking, trackingBaseline),
    'as the cached page: >= 0.50 of static, p99 < 50 ms',
    ratio(tracking, trackingBaseline) >= 0.5 && tracking.p99Ms < 50 && tracking.errors === 0,
  );

  // Staff browsing the site get the public page while it is kept: it is the same for them. Only a
  // visitor's view is kept, as staff's may show drafts and names them: a visitor asks first, as one
  // would have on a live site, and the page kept for them must outlast the load.
  await keptAfresh(`${base}/`);
  const staffBrowsing = await load(`${base}/`, { headers: { cookie } });
  report(
    'home page for signed-in staff',
    describeLoad(staffBrowsing, homeBaseline!),
    STAFF_PAGE_GOAL,
    ratio(staffBrowsing, homeBaseline!) >= STAFF_PAGE_RATIO && staffBrowsing.errors === 0,
  );
  // A render on every request: staff reloading past the cache, as after an edit the first visitor is.
  const { site: fresh, baseline: freshBaseline } = await loadBesideStatic(
    `${base}/`,
    await answerAt(`${base}/`),
    { headers: { cookie, 'cache-control': 'no-cache' } },
  );
  report(
    'fresh render of the home page (staff reloading past the cache)',
    describeLoad(fresh, freshBaseline),
    STAFF_PAGE_GOAL,
    ratio(fresh, freshBaseline) >= STAFF_PAGE_RATIO && fresh.errors === 0,
  );

  await fetch(`${base}/api/posts`);
  const apiAnswer = await answerAt(`${base}/api/posts`);
  const { site: api, baseline: apiBaseline } = await loadBesideStatic(`${base}/api/posts`, apiAnswer);
  const apiFirst = await fetch(`${base}/api/posts`);
  const apiEtag = apiFirst.headers.get('etag');
  const apiRevalidated = apiEtag
    ? (await fetch(`${base}/api/posts`, { headers: { 'if-none-match': apiEtag } })).status
    : 0;
  report(
    `GET /api/posts (${postCount(apiAnswer.body)} posts, ${Math.round(apiAnswer.body.length / 1024)} KB)`,
    `${describeLoad(api, apiBaseline)}; ETag ${apiEtag ? 'yes' : 'no'}, revalidation ${apiRevalidated}`,
    '>= 0.50 of static, ETag and 304',
    ratio(api, apiBaseline) >= 0.5 && apiRevalidated === 304 && api.errors === 0,
  );

  // Booking's room changes with each booking and with the clock, so its answers are kept for the minute
  // at most and dropped by any booking; held to the goals of the other API reads and pages, each beside
  // the same bytes served by a bare Node server.
  for (const [label, path] of LIVE_READS) {
    await fetch(`${base}${path}`);
    const { site: live, baseline } = await loadBesideStatic(
      `${base}${path}`,
      await answerAt(`${base}${path}`),
    );
    report(
      label,
      describeLoad(live, baseline),
      '>= 0.50 of static, p99 < 50 ms',
      ratio(live, baseline) >= 0.5 && live.p99Ms < 50 && live.errors === 0,
    );
  }
}

/** The cache headers of images and HTML, the header's layout, Lighthouse and the pages' script and style. */
async function pageChecks(base: string, cookie: string, articleId: number, photoKb: number): Promise<void> {
  // The site's own images as the home page references them.
  const homeHtml = (await plainBody(`${base}/`)).toString();
  const siteImages = [
    ...new Set([...homeHtml.matchAll(/(\/images\/[^"\s,]+\.(?:webp|jpg|png|svg|avif))/g)].map((m) => m[1]!)),
  ];
  const imagePolicies = new Map<string, string>();
  for (const image of siteImages)
    imagePolicies.set(image, (await fetch(`${base}${image}`)).headers.get('cache-control') ?? 'none');
  const yearLong = [...imagePolicies.values()].filter(
    (policy) => /max-age=31536000/.test(policy) && /immutable/.test(policy),
  ).length;
  report(
    "the site's own images under /images/ on the home page",
    `${yearLong} of ${siteImages.length} cached a year and immutable${yearLong < siteImages.length ? ` (e.g. ${[...imagePolicies].find(([, p]) => !/immutable/.test(p))?.join(': ')})` : ''}`,
    'a year, immutable, by content-addressed names',
    siteImages.length > 0 && yearLong === siteImages.length,
  );

  const publicAnswer = await fetch(`${base}/`);
  const publicPolicy = publicAnswer.headers.get('cache-control') ?? 'none';
  const pageEtag = publicAnswer.headers.get('etag');
  const pageRevalidated = pageEtag
    ? (await fetch(`${base}/`, { headers: { 'if-none-match': pageEtag } })).status
    : 0;
  const staffPolicy = (await fetch(`${base}/`, { headers: { cookie } })).headers.get('cache-control');
  report(
    'public HTML',
    `visitors: "${publicPolicy}", ETag ${pageEtag ? 'yes' : 'no'}, revalidation ${pageRevalidated}; staff: "${staffPolicy}"`,
    'shared max-age with stale-while-revalidate and ETag; signed-in answers private',
    /s-maxage=\d+/.test(publicPolicy) &&
      /stale-while-revalidate/.test(publicPolicy) &&
      pageRevalidated === 304 &&
      /no-store|private/.test(staffPolicy ?? ''),
  );

  const oneLine = await headerOnOneLine(base, [1024, 1280, 1440]);
  report(
    'desktop header',
    [...oneLine].map(([width, single]) => `${width} px ${single ? 'one line' : 'WRAPS'}`).join(', '),
    'one line from 1024 px up',
    [...oneLine.values()].every(Boolean),
  );

  // Lighthouse on the pages the goal names; the article's image is the phone photo uploaded above.
  const phone = await calibratedPhone();
  console.log(
    `\nLighthouse 12, mobile, on a phone of benchmark index ${TARGET_BENCHMARK_INDEX}: this machine's index ${phone.hostBenchmarkIndex} ` +
      `(median of ${phone.measurements.join(', ')}, each the first run in a new Chromium ${phone.chromiumVersion}), so a CPU slowdown of ${phone.cpuSlowdownMultiplier}x. ` +
      `Each page is run ${RUNS_PER_PAGE} times and its figures are those of Lighthouse's median run (closest to the median FCP and TTI); the blocking time of every run is printed beside them. ` +
      `A run whose own measure of the machine puts its phone more than ${PHONE_TOLERANCE * 100}% off is run again after a new calibration, twice at most. ` +
      `The article's image: a ${photoKb} KB 4000x3000 phone JPEG.\n`,
  );
  const lighthouseRows: string[][] = [];
  const reports = new Map<string, LighthouseReport>();
  for (const path of [
    '/',
    '/services',
    SERVICE_PAGE,
    TOWN_PAGE,
    '/book',
    '/news',
    '/testimonials',
    `/post/${articleId}`,
  ]) {
    const lighthouse = await lighthouseReport(`${base}${path}`, phone);
    reports.set(path, lighthouse);
    lighthouseRows.push([
      path,
      String(lighthouse.performance),
      String(lighthouse.accessibility),
      String(lighthouse.bestPractices),
      String(lighthouse.seo),
      `${Math.round(lighthouse.fcpMs)} ms`,
      `${Math.round(lighthouse.lcpMs)} ms`,
      `${Math.round(lighthouse.tbtMs)} ms`,
      lighthouse.tbtOfEachRunMs.map((ms) => Math.round(ms)).join(' / '),
      lighthouse.cls.toFixed(3),
      String(lighthouse.benchmarkIndex),
      `${lighthouse.cpuSlowdownMultiplier}x`,
      `${lighthouse.emulatedPhoneIndex}${lighthouse.runsTakenAgain ? ` (${lighthouse.runsTakenAgain} taken again)` : ''}`,
      lighthouse.runtimeError ?? lighthouse.failing.join('; '),
    ]);
  }
  printTable(
    [
      'page',
      'perf',
      'a11y',
      'best pr.',
      'SEO',
      'FCP',
      'LCP',
      'TBT',
      'TBT of each run',
      'CLS',
      'machine index',
      'slowdown',
      'phone emulated',
      'audits that lost points',
    ],
    lighthouseRows,
  );
  const all = [...reports.values()];
  report(
    `Lighthouse (phone of index ${TARGET_BENCHMARK_INDEX}; host ${phone.hostBenchmarkIndex}, slowdown ${phone.cpuSlowdownMultiplier}x; ` +
      `median of ${RUNS_PER_PAGE} runs; ${all.filter((r) => r.runsTakenAgain > 0).length} of ${all.length} pages with a run taken again for another phone) on every page above`,
    [...reports]
      .map(([path, r]) => `${path} ${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}`)
      .join(', '),
    '100/100/100/100 on each',
    all.every((r) => r.performance + r.accessibility + r.bestPractices + r.seo === 400),
  );
  const slowestFcp = Math.max(...all.map((r) => r.fcpMs));
  report(
    'first contentful paint, every page above (Lighthouse mobile)',
    `at most ${Math.round(slowestFcp)} ms`,
    '<= 1000 ms',
    slowestFcp <= 1000,
  );
  const mostBlocking = Math.max(...all.map((r) => r.tbtMs));
  report(
    `total blocking time, every page above (the calibrated phone, each page's median run of ${RUNS_PER_PAGE})`,
    `at most ${Math.round(mostBlocking)} ms`,
    '<= 100 ms',
    mostBlocking <= 100,
  );

  // The 90 KB budget of script holds for every public page.
  const sizeRows: string[][] = [];
  for (const path of [
    '/',
    '/about',
    '/contact',
    '/services',
    SERVICE_PAGE,
    TOWN_PAGE,
    '/book',
    '/testimonials',
    '/news',
    '/advice-center',
    `/post/${articleId}`,
    '/admin-login',
    '/no-such-page',
  ]) {
    const sizes = await assetSizes(base, (await plainBody(`${base}${path}`)).toString());
    sizeRows.push([path, sizes.jsKb.toFixed(1), sizes.cssKb.toFixed(1)]);
  }
  console.log("\nScript and style each public page loads (gzip); a form's schema follows once it is used:\n");
  printTable(['page', 'JS KB gz', 'CSS KB gz'], sizeRows);
}

/** Where a start's time went: npm before the server process existed, then the server's own steps. */
function startSteps(server: StartedServer): { label: string; ms: number }[] {
  const { phases, processStartedAt } = server.started;
  const npm = Math.max(0, Math.round(processStartedAt - server.spawnedAt));
  return [
    { label: 'npm itself', ms: npm },
    { label: 'Node', ms: phases.node },
    { label: 'start script and bundle', ms: phases.bundle - phases.node },
    { label: 'database opening', ms: phases.database - phases.bundle },
    { label: 'first queries (seed)', ms: phases.firstQuery - phases.database },
    { label: 'app and listening', ms: phases.listening - phases.firstQuery },
    { label: 'first health answer', ms: server.healthyMs - npm - phases.listening },
  ];
}

const describeStart = (server: StartedServer) =>
  `healthy in ${server.healthyMs} ms from \`npm start\`: ` +
  startSteps(server)
    .map((step) => `${step.label} ${step.ms}`)
    .join(', ');

/** A process of the server's tree by what it is: npm, the server, the process photos are worked in. */
function roleOf(command: string): string {
  if (command.includes('image-process')) return 'photo process';
  if (command.includes('start.mjs')) return 'server';
  if (command.startsWith('npm')) return 'npm';
  return command.split(' ')[0] ?? command;
}

/**
 * The highest peak of each kind of process the tree held, added up: more than the tree ever held at once
 * (each kind at its own highest at the same moment, the code they share counted in each), so a figure
 * that stays under a goal shows the tree did.
 */
function peaksByRole(processes: ProcessPeak[]): { totalMb: number; byRole: Map<string, number> } {
  const byRole = new Map<string, number>();
  for (const { command, peakMb } of processes) {
    const role = roleOf(command);
    byRole.set(role, Math.max(byRole.get(role) ?? 0, peakMb));
  }
  return { totalMb: [...byRole.values()].reduce((sum, mb) => sum + mb, 0), byRole };
}

const LIMIT_MB = 512;

/**
 * A first start on a new data folder inside a memory group limited to 512 MB, then the seed with its phone
 * photo and a few seconds of each load: whether anything in the tree was killed for memory.
 */
async function insideMemoryLimit(dir: string, env: Record<string, string>): Promise<void> {
  const what = `inside a ${LIMIT_MB} MB memory limit (first start, seed, phone photo, 2 s of each load)`;
  const group = makeMemoryGroup('limited', LIMIT_MB);
  if ('unavailable' in group) {
    report(what, `not measured: ${group.unavailable}`, 'no process killed', undefined);
    return;
  }
  const watch = group.watchProcesses();
  let server: StartedServer | undefined;
  try {
    // A process killed for memory fails the start, the seed or a load: that is a figure, not a crash.
    let failed: string | undefined;
    try {
      server = await startWithNpm(join(dir, 'limited-data'), join(dir, 'limited-uploads'), env, group.path);
      const { cookie, articleId } = await seed(server.url);
      await briefLoads(server.url, cookie, articleId);
    } catch (error) {
      failed = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    }
    let health = 0;
    try {
      if (server) health = (await fetch(`${server.url}/api/health`)).status;
    } catch {
      // not answering, or gone
    }
    const memory = group.read();
    const tree = peaksByRole(watch.stop());
    report(
      what,
      `${memory.oomKills ?? 'uncounted'} killed for memory, memory.failcnt ${memory.failcnt}, ` +
        `high-water ${memory.maxUsageMb} MB; server health ` +
        `${health || 'no answer'}${failed ? ` (FAILED: ${failed})` : ''}; peaks ` +
        [...tree.byRole].map(([role, mb]) => `${role} ${mb} MB`).join(', '),
      'no process killed, the server answers health',
      memory.oomKills === 0 && !failed && health === 200,
    );
  } finally {
    watch.stop();
    await server?.stop();
    await group.remove();
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only !== undefined && only !== 'memory') throw new Error(`BENCH_ONLY=${only}: only "memory" is known`);
  const memoryOnly = only === 'memory';
  const dir = await mkdtemp(join(tmpdir(), 'bench-'));
  const data = join(dir, 'data');
  const uploads = join(dir, 'uploads');
  const env = { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password };
  // npm, the server and the processes it starts, counted by the kernel as one group from their first page.
  const group = makeMemoryGroup('tree');
  const groupPath = 'path' in group ? group.path : undefined;
  let server: StartedServer | undefined;
  try {
    if (memoryOnly)
      console.log(
        'BENCH_ONLY=memory: the build, both starts, the seed and 2 s of each load (not measured for rate), then the run inside a memory limit.\n',
      );
    else
      console.log(
        `Load: ${loadTool}, ${CONNECTIONS} connections, ${DURATION_S} s a run, after runs of 1 s not counted until the rate has risen by ${WARM_UP.settledGain * 100}% or less twice in a row (${WARM_UP.maxSeconds} s at most).\n`,
      );

    // `npm run build`, then `npm start` as a user types it: the start must not build again.
    const buildStarted = performance.now();
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    const firstWatch = 'path' in group ? group.watchProcesses() : undefined;
    const first = await startWithNpm(data, uploads, env, groupPath);
    const firstServerPeakMb = memoryOf(first.pid).peakMb;
    await first.stop();
    const firstTree = firstWatch?.stop() ?? [];
    const builtAgain = first.output().includes('Building the production bundle');
    report(
      '`npm run build` then `npm start` (new database)',
      `build ${buildSeconds.toFixed(1)} s; start ${builtAgain ? 'BUILT AGAIN' : 'did not build'}, ${describeStart(first)} ms`,
      'no second build; healthy <= 3000 ms (migrations and seed included)',
      !builtAgain && first.healthyMs <= 3000,
    );

    const watch = 'path' in group ? group.watchProcesses() : undefined;
    // The server of the last start stays up for the rest of the bench.
    const restarts: StartedServer[] = [];
    while (restarts.length < RESTARTS - 1) {
      const restart = await startWithNpm(data, uploads, env, groupPath);
      await restart.stop();
      restarts.push(restart);
    }
    server = await startWithNpm(data, uploads, env, groupPath);
    restarts.push(server);
    const medianRestart = [...restarts].sort((a, b) => a.healthyMs - b.healthyMs)[(RESTARTS - 1) / 2]!;
    report(
      '`npm start` on an existing embedded database',
      `median of ${RESTARTS} starts (${restarts.map((restart) => restart.healthyMs).join(', ')} ms): ${describeStart(medianRestart)} ms`,
      '<= 1000 ms',
      medianRestart.healthyMs <= 1000,
    );
    console.log('');
    printTable(
      ['`npm start`', ...startSteps(server).map((step) => step.label), 'healthy'],
      [first, ...restarts].map((start, n) => [
        n === 0 ? 'new data folder' : `existing data folder, start ${n}`,
        ...startSteps(start).map((step) => `${step.ms} ms`),
        `${start.healthyMs} ms`,
      ]),
    );
    console.log('');
    // Idle: once the start's own work (sweeps, the first checks) has settled.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idle = memoryOf(server.pid);

    const imageProcess = watchChildMemory(server.pid);
    const { cookie, articleId, photoKb } = await seed(server.url);
    imageProcess.stop();
    const base = server.url;

    if (memoryOnly) await briefLoads(base, cookie, articleId);
    else await everyLoad(base, cookie, articleId);

    const loaded = memoryOf(server.pid);
    const serverPeakMb = Math.max(firstServerPeakMb, loaded.peakMb);
    report(
      'memory of the listening process (embedded database inside it)',
      `${idle.rssMb} MB idle after start; VmHWM ${firstServerPeakMb} MB over the first start, ` +
        `${loaded.peakMb} MB over the next start, the seed and the loads above; the process the ` +
        `phone photo was worked in: ${imageProcess.peakMb()} MB peak`,
      '<= 200 MB idle, <= 300 MB peak',
      idle.rssMb <= 200 && serverPeakMb <= 300,
    );
    if ('path' in group) {
      const memory = group.read();
      const firstPeaks = peaksByRole(firstTree);
      const peaks = peaksByRole(watch!.stop());
      report(
        'memory of the whole process tree (npm, the server, the photo process)',
        `${memory.maxUsageMb} MB high-water of the tree's memory group over both starts, the seed and the ` +
          `loads (the kernel's, page cache of files it read and wrote included: ${memory.cacheMb} MB of ` +
          `cache and ${memory.rssMb} MB anonymous at the end); each process's own peak added up: ` +
          `${Math.max(firstPeaks.totalMb, peaks.totalMb)} MB (${[...peaks.byRole].map(([role, mb]) => `${role} ${mb}`).join(', ')})`,
        '<= 450 MB',
        memory.maxUsageMb <= 450,
      );
    } else {
      report(
        'memory of the whole process tree (npm, the server, the photo process)',
        `not measured: ${group.unavailable}`,
        '<= 450 MB',
        undefined,
      );
    }

    if (!memoryOnly) await pageChecks(base, cookie, articleId, photoKb);
    await server.stop();
    server = undefined;

    await insideMemoryLimit(dir, env);

    console.log('\nGoals\n');
    printTable(
      ['what', 'measured', 'goal', 'met'],
      goals.map((goal) => [goal.what, goal.measured, goal.goal, metWord(goal.met)]),
    );
  } finally {
    await server?.stop();
    if ('path' in group) await group.remove();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
