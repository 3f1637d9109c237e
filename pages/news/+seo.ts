import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import { builtInPageSeo } from '../../db/seed-page-seo.ts';
import type { Data } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { page } = pageContext.data as Data;
  return {
    ...builtInPageSeo.news,
    title: page > 1 ? `${builtInPageSeo.news.title}, page ${page}` : builtInPageSeo.news.title,
    // Each page of the list is its own canonical URL, so later posts stay discoverable.
    path: page > 1 ? `/news?page=${page}` : '/news',
    breadcrumb: 'News & Updates',
    feeds: [{ title: `${pageContext.settings.companyName}: News & Updates`, href: '/news/rss.xml' }],
  };
}
