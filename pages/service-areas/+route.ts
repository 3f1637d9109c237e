import type { PageContextServer } from 'vike/types';

// https://vike.dev/route-function : a town's own page lives at /service-areas/<slug>.
export default function route(pageContext: PageContextServer) {
  const match = /^\/service-areas\/([^/]+)\/?$/.exec(pageContext.urlPathname);
  if (!match) return false;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    // A broken escape in the address names no town: the page answers 404 for it.
    slug = '';
  }
  return { routeParams: { slug } };
}
