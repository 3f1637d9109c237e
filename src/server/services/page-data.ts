// What public pages read on the server, with their fallbacks: a failed read of
// reviews shows the sample reviews, a failed read of posts or towns shows an empty list. Each answer says
// whether it is such a fallback, so the page built from it is not kept in the page cache (src/server/rendering/ssr.ts):
// visitors get the real page as soon as the database answers again.
import type { Database } from '../../../db/client.ts';
import { sampleReviews } from '../../shared/site-defaults.ts';
import { listPublishedPosts, type PostSummary } from './posts.ts';
import { listVisibleReviews, type PublicReview } from './reviews.ts';
import { listShownServiceAreas } from './service-areas.ts';
import type { PublicServiceArea } from '../../shared/schemas/service-area.ts';
import { listActiveOffers } from './offers.ts';
import { defaultPageText, getShownPageText } from './page-texts.ts';
import type { PageText, TextPage } from '../../shared/schemas/page-texts.ts';
import type { PublicOffer } from '../../shared/schemas/offer.ts';
import type { Logger } from '../logger.ts';
import { NotFoundError } from '../errors.ts';
import {
  findShownService,
  listServiceLinks,
  listShownFaqs,
  listShownServices,
  shownPhotos,
  type PublicFaq,
  type PublicService,
  type ServiceLink,
} from './service-catalog.ts';
import type { ShownPhoto } from '../../shared/shown-photo.ts';
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

/**
 * Data of a live page (rendered for each request, isLivePath in ssr.ts) that says its answer may serve
 * every visitor asking the same address within the minute it was rendered in: it shows nothing one
 * visitor typed, and only values the site offers (a ZIP it serves, a service it books), so visitors
 * varying the address cannot fill memory with answers.
 */
export interface KeptForTheMinute {
  keptForTheMinute: boolean;
}

/** Whether a live page's data (pageContext.data) lets its answer be kept for the minute. */
export function isKeptForTheMinute(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as Partial<KeptForTheMinute>).keptForTheMinute === true
  );
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

export async function serviceAreasForPage({
  db,
  log,
  readCache,
}: PageReader): Promise<{ serviceAreas: PublicServiceArea[] } & Degradable> {
  try {
    return {
      serviceAreas: await readCache.remember('shown service areas', () => listShownServiceAreas(db)),
      degraded: false,
    };
  } catch (error) {
    log.error({ err: error }, 'reading the service areas failed; showing no towns');
    return { serviceAreas: [], degraded: true };
  }
}

/** The shown services' titles and addresses, which every page's footer and the contact form list. */
export async function serviceLinksForPage({
  db,
  log,
  readCache,
}: PageReader): Promise<{ serviceLinks: ServiceLink[] } & Degradable> {
  try {
    return {
      serviceLinks: await readCache.remember('service links', () => listServiceLinks(db)),
      degraded: false,
    };
  } catch (error) {
    log.error({ err: error }, 'reading the services failed; listing none');
    return { serviceLinks: [], degraded: true };
  }
}

/** The shown services with their photos' copies, and the shown questions. */
export async function servicesForPage({ db, log, readCache }: PageReader): Promise<
  {
    services: (Omit<PublicService, 'photos'> & { photos: ShownPhoto[] })[];
    faqs: PublicFaq[];
  } & Degradable
> {
  try {
    const [services, faqs] = await Promise.all([
      readCache.remember('shown services', async () => {
        const shown = await listShownServices(db);
        return Promise.all(
          shown.map(async (service) => ({ ...service, photos: await shownPhotos(db, service.photos) })),
        );
      }),
      readCache.remember('shown questions', () => listShownFaqs(db)),
    ]);
    return { services, faqs, degraded: false };
  } catch (error) {
    log.error({ err: error }, 'reading the services failed; showing none');
    return { services: [], faqs: [], degraded: true };
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
 * One shown service with its photos' copies and its questions, for its own page. An address it had
 * before answers `movedTo`; none: null (the page answers 404).
 */
export async function serviceForPage(
  { db, readCache }: Pick<PageReader, 'db' | 'readCache'>,
  slug: string,
): Promise<
  | { service: Omit<PublicService, 'photos'> & { photos: ShownPhoto[] }; faqs: PublicFaq[] }
  | { movedTo: string }
  | null
> {
  const found = await readCache.remember(`service ${slug}`, async () => {
    try {
      return await findShownService(db, slug);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  });
  if (!found || 'movedTo' in found) return found;
  const [photos, faqs] = await Promise.all([
    readCache.remember(`service ${slug} photos`, () => shownPhotos(db, found.service.photos)),
    readCache.remember('shown questions', () => listShownFaqs(db)),
  ]);
  return {
    service: { ...found.service, photos },
    faqs: faqs.filter((faq) => faq.serviceId === found.service.id),
  };
}

/** A service as the home page shows it: a tile, and a larger card with a photo when it has highlight text. */
export interface HomeService {
  id: number;
  title: string;
  slug: string;
  anchor: string;
  summary: string;
  priceFrom: number | null;
  homeHighlight: string | null;
  /** The first photo of a highlighted service; null otherwise or when it has none. */
  photo: ShownPhoto | null;
}

/** The shown services for the home page's tiles and cards, with only the photos the cards show. */
export async function homeServicesForPage({
  db,
  log,
  readCache,
}: PageReader): Promise<{ services: HomeService[] } & Degradable> {
  try {
    const services = await readCache.remember('home services', async () => {
      const shown = await listShownServices(db);
      const firstPhotos = shown.flatMap((service) =>
        service.homeHighlight && service.photos[0] ? [service.photos[0]] : [],
      );
      const photos = new Map((await shownPhotos(db, firstPhotos)).map((photo) => [photo.src, photo]));
      return shown.map((service): HomeService => ({
        id: service.id,
        title: service.title,
        slug: service.slug,
        anchor: service.anchor,
        summary: service.summary,
        priceFrom: service.priceFrom,
        homeHighlight: service.homeHighlight,
        photo: service.homeHighlight && service.photos[0] ? photos.get(service.photos[0].src)! : null,
      }));
    });
    return { services, degraded: false };
  } catch (error) {
    log.error({ err: error }, 'reading the services failed; showing none');
    return { services: [], degraded: true };
  }
}

/** The shown general questions (those about no one service), for the contact page. */
export async function generalFaqsForPage({
  db,
  log,
  readCache,
}: PageReader): Promise<{ faqs: PublicFaq[] } & Degradable> {
  try {
    const faqs = await readCache.remember('shown questions', () => listShownFaqs(db));
    return { faqs: faqs.filter((faq) => faq.serviceId === null), degraded: false };
  } catch (error) {
    log.error({ err: error }, 'reading the questions failed; showing none');
    return { faqs: [], degraded: true };
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
