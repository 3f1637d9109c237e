// https://vike.dev/data : the home page's news and reviews, read on the server so they are in the first HTML.
import type { PageContextServer } from 'vike/types';
import {
  offersForPage,
  pageTextForPage,
  postsForPage,
  reviewsForPage,
} from '../../src/server/services/page-data.ts';
import { toPostCardData } from '../../src/shared/post-card.ts';
import { picturesOrNone } from '../../src/server/rendering/post-pages.ts';
import { serviceSlugs, type GalleryImage, type ServiceSlug } from '../../src/shared/images.ts';
import { serviceGalleries } from '../../src/shared/service-galleries.ts';
import { NEWS_CAROUSEL_LIMIT, type NewsSlide } from '../../src/components/NewsCarousel/NewsCarousel.tsx';

export async function data(pageContext: PageContextServer) {
  const [
    posts,
    { reviews, degraded: reviewsDegraded },
    { offers, degraded: offersDegraded },
    { text, degraded: textDegraded },
  ] = await Promise.all([
    postsForPage(pageContext),
    reviewsForPage(pageContext),
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
  // The service cards show each service's first photo; the other captions stay on the server.
  const firstPhotos = Object.fromEntries(
    serviceSlugs.map((slug) => [slug, serviceGalleries[slug][0]!]),
  ) as Record<ServiceSlug, GalleryImage>;
  return {
    latestNews,
    reviews,
    firstPhotos,
    offers,
    text,
    degraded: posts.degraded || reviewsDegraded || offersDegraded || textDegraded,
  };
}

export type HomeData = Awaited<ReturnType<typeof data>>;
