// What public pages read on the server, with the fallbacks of SPEC section 8: a failed read of
// reviews shows the sample reviews, a failed read of posts shows an empty list.
import type { Database } from '../../../db/client.ts';
import { sampleReviews } from '../../shared/site-defaults.ts';
import { listPublishedPosts, type PostSummary } from './posts.ts';
import { listVisibleReviews, type PublicReview } from './reviews.ts';

interface Logger {
  error(error: unknown, message: string): void;
}

export async function reviewsForPage(db: Database, log: Logger = console): Promise<{ reviews: PublicReview[]; usingSamples: boolean }> {
  try {
    return { reviews: await listVisibleReviews(db), usingSamples: false };
  } catch (error) {
    log.error(error, 'reading reviews failed; showing the sample reviews');
    return { reviews: [...sampleReviews], usingSamples: true };
  }
}

export async function postsForPage(db: Database, log: Logger = console): Promise<{ newsPosts: PostSummary[]; advicePosts: PostSummary[] }> {
  try {
    return await listPublishedPosts(db);
  } catch (error) {
    log.error(error, 'reading posts failed; showing no posts');
    return { newsPosts: [], advicePosts: [] };
  }
}
