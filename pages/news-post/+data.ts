import type { PageContextServer } from 'vike/types';
import { redirect } from 'vike/abort';
import {
  findPublishedPost,
  requestedPostId,
  type ArticlePost,
} from '../../src/server/rendering/post-pages.ts';
import type { Degradable } from '../../src/server/services/page-data.ts';
import { formatPostDateTime } from '../../src/shared/format-date.ts';

// A missing or unknown id redirects to /news; a failed read shows 'Post not found'.
export async function data(
  pageContext: PageContextServer,
): Promise<{ post: ArticlePost | null; dateLabel: string } & Degradable> {
  const id = requestedPostId(pageContext);
  if (id === null) throw redirect('/news');
  let post: ArticlePost | null;
  try {
    post = await findPublishedPost(pageContext, id);
  } catch (error) {
    pageContext.log.error({ err: error }, 'reading the news post failed; showing "Post not found"');
    return { post: null, dateLabel: '', degraded: true };
  }
  if (!post) throw redirect('/news');
  return { post, dateLabel: formatPostDateTime(post.publishedAt), degraded: false };
}

export type Data = Awaited<ReturnType<typeof data>>;
