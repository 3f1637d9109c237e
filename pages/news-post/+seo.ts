import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import { articleSeo } from '../../src/server/rendering/post-pages.ts';
import type { Data } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { post } = pageContext.data as Data;
  if (!post) return { title: 'Post not found', path: '/news-post', noindex: true };
  return articleSeo(pageContext, post);
}
