import type { SeoInput } from '../../renderer/seo.ts';

export default { title: 'Admin sign in', path: '/admin-login', noindex: true } satisfies SeoInput;
