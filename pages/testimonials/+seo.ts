import type { SeoInput } from '../../renderer/seo.ts';

export default function seo(): SeoInput {
  return {
    title: 'Customer Reviews and Testimonials',
    description:
      'Read what homeowners in Cumming, Suwanee, Johns Creek and across Forsyth County say about our plumbers, then leave a review of your own.',
    keywords:
      'plumber reviews Cumming GA, Forsyth County plumber testimonials, plumbing company reviews, leave a plumber review',
    path: '/testimonials',
    breadcrumb: 'Testimonials',
  };
}
