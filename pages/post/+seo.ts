import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import { articleSeo } from '../../src/server/rendering/post-pages.ts';
import type { Data } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { post, preview } = pageContext.data as Data;
  // A preview is for the owner's eyes: never indexed.
  return { ...articleSeo(pageContext, post), ...(preview ? { noindex: true } : {}) };
}
