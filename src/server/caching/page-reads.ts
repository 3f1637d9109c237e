// What each page reads, as it declares it in its own +config.ts (the `queryParams` and `tables` settings
// of renderer/+config.ts), gathered from Vike's list of pages: https://vike.dev/globalContext#pages

/** A page's config as Vike resolves it: `tables` is cumulative, one list from each config defining it. */
export interface DeclaredReads {
  queryParams?: readonly string[];
  tables?: readonly (readonly string[])[];
}

/** A page as `globalContext.pages` lists it: a route string, a route function, or none (the error page). */
export interface ListedPage {
  route?: unknown;
  config: DeclaredReads;
  /** Its key in `globalContext.pages` (`/pages/post`): where a route function may answer. */
  pageId?: string;
}

/**
 * The address a page's folder gives it (`/pages/post` is `/post`). By this project's rule a route
 * function answers only that address and those under it (`/post/12`), which the page-reads test checks.
 */
export function folderPath(pageId: string): string {
  return pageId.replace(/^\/pages/, '').replace(/\/index$/, '') || '/';
}

/** The tables a page's render reads: its own and those every page reads (renderer/+config.ts). */
export function declaredTables(config: DeclaredReads | undefined): string[] {
  return [...new Set((config?.tables ?? []).flat())];
}

/**
 * The query parameters a page declares, with their values in the URL (the last one, as Vike's
 * `urlParsed.search` has it). Only these travel in the page's HTML: a parameter the page does not read
 * (fbclid, gclid, utm_*) is no part of the cached page, which every visitor gets.
 */
export function declaredQuery(
  search: Record<string, string>,
  config: Pick<DeclaredReads, 'queryParams'>,
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of config.queryParams ?? []) {
    if (Object.hasOwn(search, name)) query[name] = search[name]!;
  }
  return query;
}

/**
 * The query parameters that count for a path, worked out once from the pages' declarations, so that the
 * page cache keys a request before any routing (src/server/caching/page-cache.ts).
 *
 * A path a static route names (`/news`) counts the parameters of that page, and so does a path a route
 * string with parameters matches (`/services/@slug`). Any other path may be a page whose route is a
 * function (`/post/12`), which only Vike's router could say without rendering: it counts the parameters
 * of every such page that could answer it (a route function known by its page id only under its
 * folder's address). Counting a parameter a page ignores costs a second entry for the same page;
 * dropping one it reads would serve the wrong page.
 */
export class QueryParamsByPath {
  private readonly byStaticRoute = new Map<string, readonly string[]>();
  private readonly byParameterRoute: { pattern: RegExp; params: readonly string[] }[] = [];
  private readonly byFolder: { folder: string; params: readonly string[] }[] = [];
  private readonly ofOtherRoutes: readonly string[];

  constructor(pages: Iterable<ListedPage>) {
    const others = new Set<string>();
    for (const page of pages) {
      const params = page.config.queryParams ?? [];
      if (typeof page.route === 'string' && isStaticRoute(page.route)) {
        this.byStaticRoute.set(page.route, params);
      } else if (typeof page.route === 'string' && !page.route.includes('*')) {
        this.byParameterRoute.push({ pattern: parameterRoutePattern(page.route), params });
      } else if (typeof page.route === 'function' && page.pageId !== undefined) {
        this.byFolder.push({ folder: folderPath(page.pageId), params });
      } else if (page.route !== undefined) {
        for (const name of params) others.add(name);
      }
    }
    this.ofOtherRoutes = [...others];
  }

  /** No page known yet: no parameter counts (no page can be in the cache before its render). */
  static readonly none = new QueryParamsByPath([]);

  /** The parameters that count for this path, as the router matches it (routedPath). */
  for(routedPath: string): readonly string[] {
    const ofRouteString =
      this.byStaticRoute.get(routedPath) ??
      this.byParameterRoute.find(({ pattern }) => pattern.test(routedPath))?.params;
    if (ofRouteString) return ofRouteString;
    const underFolder = this.byFolder
      .filter(({ folder }) => routedPath === folder || routedPath.startsWith(`${folder}/`))
      .flatMap(({ params }) => params);
    return [...new Set([...this.ofOtherRoutes, ...underFolder])];
  }
}

/** A Vike route string without parameters (`@id`) or globs (`*`): it names exactly one path. */
function isStaticRoute(route: string): boolean {
  return !route.includes('@') && !route.includes('*');
}

/** The paths a route string with parameters matches: each `@name` stands for one path segment. */
function parameterRoutePattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((segment) => (segment.startsWith('@') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
