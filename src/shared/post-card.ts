import type { PostSummary } from '../server/services/posts.ts';
import { formatPostDate } from './format-date.ts';
import type { UploadedImage } from './uploaded-image.ts';

/**
 * What a list card shows of a post; the list pages send only these fields to the browser. The date
 * comes written out by the server: the browser's first Intl.DateTimeFormat costs 60 to 180 ms on a
 * slow phone, for text the server already wrote.
 */
export type PostCardData = Pick<
  PostSummary,
  'id' | 'title' | 'excerpt' | 'image' | 'video' | 'publishedAt'
> & {
  dateLabel: string;
  /** The uploaded photo's copies and shape, when the image is an upload. */
  picture: UploadedImage | null;
};

export function toPostCardData(
  post: PostSummary,
  pictures: ReadonlyMap<string, UploadedImage> = new Map(),
): PostCardData {
  return {
    picture: (post.image && pictures.get(post.image)) || null,
    id: post.id,
    title: post.title,
    excerpt: post.excerpt,
    image: post.image,
    video: post.video,
    publishedAt: post.publishedAt,
    dateLabel: formatPostDate(post.publishedAt),
  };
}
