import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import { builtInPageSeo } from '../../db/seed-page-seo.ts';
import type { Data } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { page } = pageContext.data as Data;
  return {
    ...builtInPageSeo.adviceCenter,
    title:
      page > 1 ? `${builtInPageSeo.adviceCenter.title}, page ${page}` : builtInPageSeo.adviceCenter.title,
    path: page > 1 ? `/advice-center?page=${page}` : '/advice-center',
    breadcrumb: 'Advice Center',
    feeds: [{ title: `${pageContext.settings.companyName}: Advice Center`, href: '/advice-center/rss.xml' }],
  };
}
