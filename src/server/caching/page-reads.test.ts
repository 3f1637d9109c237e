import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, posts, reviews, serviceAreas, services } from '../../../db/schema/index.ts';
import { SENT_PARAM } from '../../shared/form-post.ts';
import { declaredTables, folderPath, type ListedPage } from './page-reads.ts';
import { projectRoot } from '../project-root.ts';
import { PUBLIC_READS } from './public-api-cache.ts';
import { registeredContentTypes } from '../services/content/registry.ts';
import '../services/content/types.ts';
import { SITE_CHANGES_CHANNEL } from './site-changes.ts';
import { isAdminPath, isPersonalPath } from '../rendering/ssr.ts';
import { tablesReadBy } from '../testing/tables-read.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

/** Every folder of pages/ holding a page (a +Page file), as Vike names pages: `/pages/news`. */
const pageIds = readdirSync(join(projectRoot, 'pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /(^|\/)\+Page\.[jt]sx?$/.test(file))
  .map((file) => `/pages/${dirname(file)}`)
  .sort();

/** Pages whose address names a row, at the row this test publishes for them. */
const sampleAddresses: Record<string, string> = { '/pages/service-areas': '/service-areas/dawsonville-ga' };

/** The table a declaration names: `page_texts:home` (the home page's part of it) is page_texts. */
function tableOf(declared: string): string {
  return declared.split(':')[0]!;
}

/** A value for each route parameter, naming something the test database holds. */
const sampleRouteParams: Record<string, string> = { slug: 'residential-plumbing' };

/**
 * The page's address without a query: a sample address, its route with sample parameters, or for a
 * route function its folder's path (`/post`).
 */
function routeOf(pageId: string, page: ListedPage): string {
  return (
    sampleAddresses[pageId] ??
    (typeof page.route === 'string'
      ? page.route.replace(/@(\w+)/g, (_, name: string) => sampleRouteParams[name]!)
      : folderPath(pageId))
  );
}

/** Vike's special pages (`_error`), the admin area and personal links are never cached: the rest are public. */
const publicPageIds = pageIds.filter(
  (id) => !/\/_/.test(id) && !isAdminPath(folderPath(id)) && !isPersonalPath(folderPath(id)),
);

/** Parameters no page reads, as links from ads, newsletters and social media carry them. */
const STRAY_PARAMETERS = [
  ['utm_source', 'newsletter'],
  ['fbclid', 'IwAR0stray'],
  ['gclid', 'Cj0stray'],
  ['ref', 'mail'],
];

/** The page's HTML with what differs between two renders of one page taken out: the form stamp. */
function comparable(html: string): string {
  const stamp = /"formStamp":"([^"]+)"/.exec(html)?.[1];
  return stamp ? html.replaceAll(stamp, '<form stamp>') : html;
}

/** The page Vike rendered, as its page context in the HTML names it. */
function renderedPageId(html: string): string | undefined {
  return /"pageId":"((?:[^"\\]|\\.)*)"/.exec(html)?.[1]?.replaceAll('\\/', '/');
}

interface Render {
  url: string;
  key: string;
  statusCode: number;
  html: string;
  pageId: string | undefined;
  tables: Set<string>;
}

// Pages rendered by the real app through app.inject (Vite in middleware mode compiles them), each on a
// cache emptied first, so that it is a fresh render reading the database.
describe(`what each public page reads, against what it declares (${testDatabaseKind})`, () => {
  let t: TestApp;
  let pages: Record<string, ListedPage>;
  /** Values of each declared parameter that some page shows differently. */
  let sampleValues: Record<string, string[]>;

  const render = async (url: string): Promise<Render> => {
    t.app.pageCache.clear();
    const { result: response, tables } = await tablesReadBy(t.database.db, () =>
      t.app.inject({ method: 'GET', url }),
    );
    return {
      url,
      key: t.app.pageCache.keyFor(url),
      statusCode: response.statusCode,
      html: comparable(response.body),
      pageId: renderedPageId(response.body),
      tables,
    };
  };

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' } });
    // An upload with its size known: the posts showing it read its row for their pictures.
    await t.database.db.insert(media).values({
      filename: 'van.jpg',
      originalName: 'van.jpg',
      mimeType: 'image/jpeg',
      size: 1,
      path: '/uploads/van.jpg',
      url: '/uploads/van.jpg',
      type: 'image',
      width: 1200,
      height: 800,
    });
    // The first service shows the upload first: the services pages and the home page's card read its row.
    const [firstService] = await t.database.db
      .select()
      .from(services)
      .where(eq(services.slug, sampleRouteParams.slug!));
    await t.database.db
      .update(services)
      .set({
        photos: [
          { src: '/uploads/van.jpg', alt: 'Service van', caption: 'Our van', width: 1200, height: 800 },
          ...firstService!.photos,
        ],
      })
      .where(eq(services.id, firstService!.id));
    // Two pages of each list, the newest with the upload as its picture.
    const ids: Record<string, number> = {};
    for (const type of ['news', 'advice'] as const) {
      for (let n = 1; n <= 12; n++) {
        const [row] = await t.database.db
          .insert(posts)
          .values({
            type,
            slug: `${type}-${n}`,
            title: `${type} post number ${n}`,
            content: `<p>${type} ${n}</p>`,
            image: n === 12 ? '/uploads/van.jpg' : null,
            isPublished: true,
            publishedAt: new Date(Date.UTC(2026, 0, n, 12)),
          })
          .returning();
        ids[type] = row!.id;
      }
    }
    await t.database.db
      .insert(reviews)
      .values({ name: 'Dana', rating: 5, review: 'A real review from the database' });
    // A town with a page of its own (the towns themselves come with the migrations).
    await t.database.db
      .update(serviceAreas)
      .set({
        pageHeading: 'Plumber in Dawsonville',
        pageBody: '<p>Wells and lake cabins.</p>',
        pagePublished: true,
      })
      .where(eq(serviceAreas.slug, 'dawsonville-ga'));
    sampleValues = {
      page: ['2'],
      id: [String(ids.news)],
      [SENT_PARAM]: ['1', 'published', 'held'],
      next: ['/admin/posts'],
    };
    // The same list of pages the server keys the cache by (ssr.ts).
    const { getGlobalContextAsync } = await import('vike/server');
    pages = (await getGlobalContextAsync(false)).pages;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the same pages in pages/ as Vike does', () => {
    expect(publicPageIds.length).toBeGreaterThan(5);
    expect(Object.keys(pages).sort()).toEqual(pageIds);
  });

  it("has each route function answer only its folder's address and those under it, as the cache key assumes", () => {
    const routed = Object.entries(pages).filter(([, page]) => typeof page.route === 'function');
    expect(routed.length).toBeGreaterThan(0);
    for (const [pageId, page] of routed) {
      const route = page.route as (pageContext: object) => unknown;
      for (const elsewhere of [
        '/',
        '/news',
        `${folderPath(pageId)}-other/1`,
        `/other${folderPath(pageId)}/1`,
      ])
        expect(
          route({ urlPathname: elsewhere, urlParsed: { search: {} } }),
          `${pageId} at ${elsewhere}`,
        ).toBe(false);
    }
  });

  it('empties, on a change the database announces, only the cached pages that declare its table', async () => {
    t.app.pageCache.clear();
    const urls = ['/news', '/', '/services', '/testimonials'];
    const cached = () => urls.filter((url) => t.app.pageCache.get(t.app.pageCache.keyFor(url)));
    // Rendered until all four are kept: a change an earlier test made may still be announced and
    // empty some, and a read slowed past its deadline on a busy machine shows a fallback, not kept.
    await expect
      .poll(async () => {
        for (const url of urls.filter((url) => !cached().includes(url)))
          expect((await t.app.inject({ url })).statusCode).toBe(200);
        return cached();
      })
      .toEqual(urls);
    // Written straight to the database, as another instance would: only its trigger tells this one.
    await t.database.db
      .update(media)
      .set({ alt: 'Blue service van' })
      .where(eq(media.url, '/uploads/van.jpg'));
    await expect.poll(cached).toEqual(['/testimonials']);
  });

  it('empties, when an item of any kind is restored or trashed, tables the pages declare', () => {
    const declared = Object.values(pages).flatMap((page) => declaredTables(page.config));
    for (const definition of registeredContentTypes())
      for (const table of definition.tables)
        expect(
          declared.some((each) => each === table || tableOf(each) === table),
          `${definition.type}: ${table}`,
        ).toBe(true);
  });

  it('asks for a change notification from every table a page or public read declares', async () => {
    const declared = new Set(
      [
        ...Object.values(pages).flatMap((page) => declaredTables(page.config)),
        ...PUBLIC_READS.flatMap((read) => read.tables),
      ].map(tableOf),
    );
    // The tables with a trigger whose function announces on the site's channel, as the database has them.
    const announced = await t.database.db.execute<{ table: string }>(sql`
      select distinct c.relname as "table"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.prosrc like ${`%'${SITE_CHANGES_CHANNEL}'%`}`);
    const rows = Array.isArray(announced) ? announced : (announced as { rows: { table: string }[] }).rows;
    const withNotification = new Set(rows.map((row) => row.table));
    for (const table of declared) expect(withNotification, `table ${table}`).toContain(table);
  });

  it("keeps every query parameter of the site's own links in the cache key of the page they lead to", async () => {
    const links = new Set<string>();
    for (const pageId of publicPageIds) {
      const { html } = await render(routeOf(pageId, pages[pageId]!));
      // Where a visitor goes from the page: its links and forms (not its stylesheets and scripts).
      for (const [, link] of html.matchAll(/<(?:a\b[^>]*\bhref|form\b[^>]*\baction)="(\/[^"#]*\?[^"#]*)/g))
        links.add(link!.replaceAll('&amp;', '&'));
    }
    // The lists link to their next pages, so some link carries a query.
    expect(links.size).toBeGreaterThan(0);
    for (const link of links) {
      const kept = [...new URLSearchParams(t.app.pageCache.keyFor(link).split('?')[1])].map(([name]) => name);
      const carried = [...new URLSearchParams(link.split('?')[1])].map(([name]) => name);
      expect(kept, link).toEqual(expect.arrayContaining(carried));
    }
  });

  describe.each(publicPageIds)('%s', (pageId) => {
    let page: ListedPage;
    let queryParams: readonly string[];
    let base: Render;

    beforeAll(async () => {
      page = pages[pageId]!;
      queryParams = page.config.queryParams ?? [];
      base = await render(routeOf(pageId, page));
    });

    const withParameter = (name: string, value: string) =>
      `${base.url}?${new URLSearchParams([[name, value]]).toString()}`;

    it('declares its query parameters and its own tables in its +config.ts', () => {
      expect(page.config.queryParams, 'queryParams').toBeDefined();
      // One list from renderer/+config.ts (what every page reads), one from the page's own.
      expect(page.config.tables?.length, 'tables').toBe(2);
    });

    it('gives a stray parameter the same cache entry and renders the same page for it', async () => {
      // Parameters other pages read are strays here: a page reading one without declaring it fails.
      const ownParameters = new Set(queryParams);
      const othersParameters = Object.values(pages)
        .flatMap((other) => other.config.queryParams ?? [])
        .filter((name) => !ownParameters.has(name));
      const strays = [
        ...STRAY_PARAMETERS,
        ...[...new Set(othersParameters)].flatMap((name) =>
          (sampleValues[name] ?? []).map((value) => [name, value]),
        ),
      ];
      for (const [name, value] of strays) {
        const stray = await render(withParameter(name!, value!));
        expect(stray.key, `${stray.url}: cache key`).toBe(base.key);
        expect(stray.statusCode, `${stray.url}: status`).toBe(base.statusCode);
        expect(stray.html, `${stray.url}: HTML`).toBe(base.html);
      }
    });

    it('gives each declared parameter its own cache entry and renders another page for some value', async () => {
      for (const name of queryParams) {
        const values = sampleValues[name];
        expect(values, `sample values of ?${name} in this test`).toBeDefined();
        const renders: Render[] = [];
        for (const value of values!) renders.push(await render(withParameter(name, value)));
        for (const variant of renders) expect(variant.key, `${variant.url}: cache key`).not.toBe(base.key);
        expect(
          renders.some((variant) => variant.html !== base.html),
          `?${name}: some value renders something other than ${base.url}`,
        ).toBe(true);
      }
    });

    it('reads exactly the tables it declares', async () => {
      const renders = [base];
      for (const name of queryParams)
        for (const value of sampleValues[name] ?? []) renders.push(await render(withParameter(name, value)));
      // The URLs tried reach this page (not only redirects or its error page).
      expect(renders.map((each) => each.pageId)).toContain(pageId);
      const read = new Set(renders.flatMap((each) => [...each.tables]));
      // A part of a table (`page_texts:home`) is read from that table.
      const declared = [...new Set(declaredTables(page.config).map(tableOf))];
      // A table read but not declared: a change to it would leave the page stale in the cache.
      expect(
        [...read].filter((table) => !declared.includes(table)),
        'read, not declared',
      ).toEqual([]);
      // A table declared but never read here: an extra empties the page more often than needed, and a
      // declaration no render checks goes stale.
      expect(
        declared.filter((table) => !read.has(table)),
        'declared, not read',
      ).toEqual([]);
    });
  });
});
