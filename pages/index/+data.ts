// https://vike.dev/data : the home page's news and reviews, read on the server so they are in the first HTML.
import type { PageContextServer } from 'vike/types';
import { homeServicesForPage, postsForPage, reviewsForPage } from '../../src/server/services/page-data.ts';
import { toPostCardData } from '../../src/shared/post-card.ts';
import { picturesOrNone } from '../../src/server/rendering/post-pages.ts';
import { NEWS_CAROUSEL_LIMIT, type NewsSlide } from '../../src/components/NewsCarousel/NewsCarousel.tsx';

export async function data(pageContext: PageContextServer) {
  const [posts, { reviews, degraded: reviewsDegraded }, { services, degraded: servicesDegraded }] =
    await Promise.all([
      postsForPage(pageContext),
      reviewsForPage(pageContext),
      homeServicesForPage(pageContext),
    ]);
  // Only what the carousel shows travels to the browser: the card fields of the first five posts.
  const shown = posts.newsPosts.slice(0, NEWS_CAROUSEL_LIMIT);
  const pictures = await picturesOrNone(pageContext, shown);
  const latestNews: NewsSlide[] = shown.map((post) => {
    const { video: _video, ...slide } = toPostCardData(post, pictures);
    return slide;
  });
  return {
    latestNews,
    reviews,
    services,
    degraded: posts.degraded || reviewsDegraded || servicesDegraded,
  };
}

export type HomeData = Awaited<ReturnType<typeof data>>;
