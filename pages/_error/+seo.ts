import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  return {
    title: pageContext.is404 ? 'Page not found' : 'Error',
    path: pageContext.urlPathname,
    noindex: true,
  };
}
