import type { SeoInput } from '../../renderer/seo.ts';

export default {
  title: 'Your booking',
  path: '/booking',
  noindex: true,
} satisfies SeoInput;
