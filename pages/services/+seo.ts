import type { SeoInput } from '../../renderer/seo.ts';

export default function seo(): SeoInput {
  return {
    title: 'Plumbing Services in Cumming, GA',
    description:
      'Residential plumbing, sewer and drain cleaning, water filtration, underground line repair, water heater and tankless installation in Cumming and Forsyth County, GA. Licensed and insured.',
    keywords:
      'plumbing services Cumming GA, drain cleaning Forsyth County, sewer line repair, water heater repair Cumming, tankless water heater installation, water filtration, leak detection',
    path: '/services',
    breadcrumb: 'Services',
  };
}
