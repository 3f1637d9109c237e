import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import type { Data } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { page } = pageContext.data as Data;
  return {
    title: page > 1 ? `News & Updates, page ${page}` : 'News & Updates',
    description:
      'News and updates from your local plumbers in Cumming, GA: company news, seasonal plumbing reminders and service updates for Forsyth County homeowners.',
    keywords: 'plumbing news Cumming GA, Forsyth County plumber updates, plumbing tips Georgia',
    // Each page of the list is its own canonical URL, so later posts stay discoverable.
    path: page > 1 ? `/news?page=${page}` : '/news',
    breadcrumb: 'News & Updates',
    feeds: [{ title: `${pageContext.settings.companyName}: News & Updates`, href: '/news/rss.xml' }],
  };
}
