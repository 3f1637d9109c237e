// https://vike.dev/data : the home page's news, reviews and towns, read on the server so they are in the
// first HTML.
import type { PageContextServer } from 'vike/types';
import {
  homeServicesForPage,
  offersForPage,
  pageTextForPage,
  postsForPage,
  reviewsForPage,
  serviceAreasForPage,
} from '../../src/server/services/page-data.ts';
import { bannerTownsOf } from '../../src/shared/town-lists.ts';
import { toPostCardData } from '../../src/shared/post-card.ts';
import { picturesOrNone } from '../../src/server/rendering/post-pages.ts';
import { rememberedLast } from '../../src/shared/remembered.ts';
import type { PublicServiceArea } from '../../src/shared/schemas/service-area.ts';
import { NEWS_CAROUSEL_LIMIT, type NewsSlide } from '../../src/components/NewsCarousel/NewsCarousel.tsx';
import { HOME_REVIEWS_LIMIT } from '../../src/components/ReviewsCarousel/ReviewsCarousel.tsx';

/**
 * Every shown town, for the business's areaServed: the same list while the read cache keeps the same
 * towns, so that the structured data made from it is made once (+seo.ts).
 */
const servedTownsOf = rememberedLast((serviceAreas: readonly PublicServiceArea[]) =>
  serviceAreas.map(({ town, state }) => ({ town, state })),
);

export async function data(pageContext: PageContextServer) {
  const [
    posts,
    { reviews, degraded: reviewsDegraded },
    { services, degraded: servicesDegraded },
    towns,
    { offers, degraded: offersDegraded },
    { text, degraded: textDegraded },
  ] = await Promise.all([
    postsForPage(pageContext),
    reviewsForPage(pageContext),
    homeServicesForPage(pageContext),
    serviceAreasForPage(pageContext),
    offersForPage(pageContext),
    pageTextForPage(pageContext, 'home', pageContext.settings.companyName),
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
    reviews: reviews.slice(0, HOME_REVIEWS_LIMIT),
    reviewCount: reviews.length,
    services,
    bannerTowns: bannerTownsOf(towns.serviceAreas),
    servedTowns: servedTownsOf(towns.serviceAreas),
    offers,
    text,
    degraded:
      posts.degraded ||
      reviewsDegraded ||
      servicesDegraded ||
      towns.degraded ||
      offersDegraded ||
      textDegraded,
  };
}

export type HomeData = Awaited<ReturnType<typeof data>>;
