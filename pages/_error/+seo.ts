import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  return {
    title: pageContext.is404
      ? 'Page not found'
      : pageContext.abortStatusCode === 503
        ? 'Back in a moment'
        : 'Error',
    path: pageContext.urlPathname,
    noindex: true,
  };
}
