import type { SeoInput } from '../../renderer/seo.ts';
import { builtInPageSeo } from '../../db/seed-page-seo.ts';

export default function seo(): SeoInput {
  return {
    ...builtInPageSeo.testimonials,
    path: '/testimonials',
    breadcrumb: 'Testimonials',
  };
}
