import type { SeoInput } from '../../renderer/seo.ts';

export default function seo(): SeoInput {
  return {
    title: 'About Us: Local Plumbers in Cumming, GA',
    description:
      'Meet the licensed and insured plumbing team based in Cumming, Georgia: our values, why homeowners choose us, and the Forsyth County communities we serve.',
    keywords:
      'about our plumbers, Cumming GA plumbing company, Forsyth County plumbers, local plumber Cumming, licensed insured plumber',
    path: '/about',
    breadcrumb: 'About',
  };
}
