import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import type { Data } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { page } = pageContext.data as Data;
  return {
    title: page > 1 ? `Advice Center, page ${page}` : 'Advice Center',
    description:
      'Plumbing advice from licensed plumbers in Cumming, GA: preventive maintenance, emergency preparedness, water heaters, drains and more for Forsyth County homes.',
    keywords:
      'plumbing advice, plumbing maintenance tips, frozen pipes Georgia, water heater maintenance, drain care, Cumming GA plumber',
    path: page > 1 ? `/advice-center?page=${page}` : '/advice-center',
    breadcrumb: 'Advice Center',
    feeds: [{ title: `${pageContext.settings.companyName}: Advice Center`, href: '/advice-center/rss.xml' }],
  };
}
