import type { SeoInput } from '../../renderer/seo.ts';

export default {
  title: 'Unsubscribe from review requests',
  path: '/unsubscribe',
  noindex: true,
} satisfies SeoInput;
