import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import { articleSeo } from '../../src/server/post-pages.ts';
import type { Data } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  return articleSeo(pageContext, (pageContext.data as Data).post);
}
