import type { SeoInput } from '../../renderer/seo.ts';

export default {
  title: 'Book a plumber online | Arrival windows in Forsyth County',
  description:
    'Book a plumbing visit online: check your ZIP code, pick a service and a two-hour arrival window. Water leaking now? Call us straight away.',
  path: '/book',
  breadcrumb: 'Book online',
} satisfies SeoInput;
