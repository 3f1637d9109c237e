import type { SeoInput } from '../../renderer/seo.ts';

export default { title: 'Admin panel', path: '/admin', noindex: true } satisfies SeoInput;
