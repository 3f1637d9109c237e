// What public pages read on the server, with their fallbacks: a failed read of
// reviews shows the sample reviews, a failed read of posts shows an empty list. Each answer says
// whether it is such a fallback, so the page built from it is not kept in the page cache (src/server/rendering/ssr.ts):
// visitors get the real page as soon as the database answers again.
import type { Database } from '../../../db/client.ts';
import { sampleReviews } from '../../shared/site-defaults.ts';
import { listPublishedPosts, type PostSummary } from './posts.ts';
import { listVisibleReviews, type PublicReview } from './reviews.ts';
import { listActiveOffers } from './offers.ts';
import { defaultPageText, getShownPageText } from './page-texts.ts';
import type { PageText, TextPage } from '../../shared/schemas/page-texts.ts';
import type { PublicOffer } from '../../shared/schemas/offer.ts';
import type { Logger } from '../logger.ts';
import type { ReadCache } from '../caching/read-cache.ts';

/** What a page's data hook reads with: the database, the log for a failed read, and earlier answers. */
export interface PageReader {
  db: Database;
  log: Pick<Logger, 'error'>;
  readCache: ReadCache;
  /** The time the page is rendered at (the app's clock): what shows depends on it (offers). */
  now?: Date;
}

/** Page data (a +data hook's answer) that may stand in for what a failed read would have given. */
export interface Degradable {
  /** True when a read failed and a fallback is shown instead. */
  degraded: boolean;
}

/** Whether a page's data (pageContext.data) is a fallback; pages without data never are. */
export function isDegraded(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as Partial<Degradable>).degraded === true;
}

export async function reviewsForPage({
  db,
  log,
  readCache,
}: PageReader): Promise<{ reviews: PublicReview[] } & Degradable> {
  try {
    return {
      reviews: await readCache.remember('visible reviews', () => listVisibleReviews(db)),
      degraded: false,
    };
  } catch (error) {
    log.error({ err: error }, 'reading reviews failed; showing the sample reviews');
    return { reviews: [...sampleReviews], degraded: true };
  }
}

export async function postsForPage({
  db,
  log,
  readCache,
}: PageReader): Promise<{ newsPosts: PostSummary[]; advicePosts: PostSummary[] } & Degradable> {
  try {
    return {
      ...(await readCache.remember('published posts', () => listPublishedPosts(db))),
      degraded: false,
    };
  } catch (error) {
    log.error({ err: error }, 'reading posts failed; showing no posts');
    return { newsPosts: [], advicePosts: [], degraded: true };
  }
}

/**
 * The offers showing now. Remembered until the next change of what visitors see, which includes the
 * moment an offer starts or ends (OfferTimer empties the pages then); a failed read shows none.
 */
export async function offersForPage({
  db,
  log,
  readCache,
  now = new Date(),
}: PageReader): Promise<{ offers: PublicOffer[] } & Degradable> {
  try {
    return {
      offers: await readCache.remember('active offers', () => listActiveOffers(db, now)),
      degraded: false,
    };
  } catch (error) {
    log.error({ err: error }, 'reading offers failed; showing none');
    return { offers: [], degraded: true };
  }
}

/**
 * The words of a page the owner may rewrite (Pages in /admin), with its defaults where left empty; a
 * failed read shows the defaults.
 */
export async function pageTextForPage<Page extends TextPage>(
  { db, log, readCache }: PageReader,
  page: Page,
  companyName: string,
): Promise<{ text: PageText<Page> } & Degradable> {
  try {
    const text = await readCache.remember(`page text ${page} ${companyName}`, () =>
      getShownPageText(db, page, companyName),
    );
    return { text, degraded: false };
  } catch (error) {
    log.error({ err: error }, `reading the ${page} page's text failed; showing its defaults`);
    return { text: defaultPageText(page, companyName), degraded: true };
  }
}
