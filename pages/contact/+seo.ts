import type { SeoInput } from '../../renderer/seo.ts';

export default function seo(): SeoInput {
  return {
    title: 'Contact Us',
    description:
      'Call or message our licensed plumbers in Cumming, GA. Serving Cumming, Sugar Hill, Suwanee, Johns Creek, Alpharetta and Roswell. Monday to Friday 8:00 AM to 6:00 PM, weekends by appointment.',
    keywords:
      'contact plumber Cumming GA, plumbing estimate Forsyth County, emergency plumber Cumming, plumber near me',
    path: '/contact',
    breadcrumb: 'Contact',
  };
}
