import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  return {
    title: `Book a plumber online | Arrival windows in ${pageContext.settings.serviceArea}`,
    description:
      'Book a plumbing visit online: check your ZIP code, pick a service and a two-hour arrival window. Water leaking now? Call us straight away.',
    path: '/book',
    breadcrumb: 'Book online',
  };
}
