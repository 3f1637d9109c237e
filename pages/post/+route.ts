import type { PageContextServer } from 'vike/types';

// https://vike.dev/route-function : the article lives at /post/{id}, and also answers /post?id={id}.
export default function route(pageContext: PageContextServer) {
  const match = /^\/post(?:\/([^/]+))?\/?$/.exec(pageContext.urlPathname);
  if (!match) return false;
  return {
    routeParams: { id: match[1] ? decodeURIComponent(match[1]) : (pageContext.urlParsed.search.id ?? '') },
  };
}
