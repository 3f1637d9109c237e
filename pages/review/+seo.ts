import type { SeoInput } from '../../renderer/seo.ts';

// A personal page: the token never goes into a canonical link, and no search engine lists it.
export default { title: 'Leave your review', path: '/review', noindex: true } satisfies SeoInput;
