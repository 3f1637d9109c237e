import type { PostSummary } from '../server/services/posts.ts';

/** What a list card shows of a post; the list pages send only these fields to the browser. */
export type PostCardData = Pick<PostSummary, 'id' | 'title' | 'excerpt' | 'image' | 'video' | 'publishedAt'>;

export function toPostCardData(post: PostSummary): PostCardData {
  return { id: post.id, title: post.title, excerpt: post.excerpt, image: post.image, video: post.video, publishedAt: post.publishedAt };
}
