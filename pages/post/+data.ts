import type { PageContextServer } from 'vike/types';
import { articleData } from '../../src/server/rendering/post-pages.ts';
import { formatPostDate } from '../../src/shared/format-date.ts';

export async function data(pageContext: PageContextServer) {
  const article = await articleData(pageContext);
  return { ...article, dateLabel: formatPostDate(article.post.publishedAt) };
}

export type Data = Awaited<ReturnType<typeof data>>;
