// Server data of the pages that name the towns served: the About and Contact community lists, and
// each town's own page at /service-areas/<slug>.
import type { PageContextServer } from 'vike/types';
import { redirect, render } from 'vike/abort';
import type { SeoInput } from '../../../renderer/seo.ts';
import { serviceAreaSlugSchema, townPagePath } from '../../shared/schemas/service-area.ts';
import { communityTownsOf, townWithState, type TownListing } from '../../shared/town-lists.ts';
import { ServiceUnavailableError } from '../errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, recogniseError } from '../http/http-errors.ts';
import { htmlToText } from '../services/html-sanitizer.ts';
import { serviceAreasForPage, type Degradable } from '../services/page-data.ts';
import { findTownPage, type TownPage } from '../services/service-areas.ts';

export type CommunityTownsData = { communityTowns: TownListing[] } & Degradable;

/** The About and Contact pages' list of towns; the first is the home base. */
export async function communityTownsData(pageContext: PageContextServer): Promise<CommunityTownsData> {
  const { serviceAreas, degraded } = await serviceAreasForPage(pageContext);
  return { communityTowns: communityTownsOf(serviceAreas), degraded };
}

/**
 * The town page at this address. A former slug of a town answers 301 to its page; an address no
 * published page has is a real 404. While the database is away the visitor is asked to come back
 * shortly (503), as for an article: the page has no stand-in.
 */
export async function townPageData(pageContext: PageContextServer): Promise<{ page: TownPage }> {
  const slug = serviceAreaSlugSchema.safeParse(pageContext.routeParams?.slug ?? '');
  if (!slug.success) throw render(404);
  let found;
  try {
    found = await pageContext.readCache.remember(`town page ${slug.data}`, () =>
      findTownPage(pageContext.db, slug.data),
    );
  } catch (error) {
    if (recogniseError(error) instanceof ServiceUnavailableError) {
      pageContext.log.warn({ err: error }, 'reading the town page failed; answering 503');
      throw render(503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    throw error;
  }
  if (found.kind === 'moved') throw redirect(townPagePath(found.slug), 301);
  if (found.kind === 'none') throw render(404);
  return { page: found.page };
}

/** Metadata of a town page: its heading as title, and the business's service there as structured data. */
export function townPageSeo(pageContext: PageContextServer, page: TownPage): SeoInput {
  const { settings, publicUrl } = pageContext;
  const place = townWithState(page);
  const path = townPagePath(page.slug);
  const description = (page.intro || htmlToText(page.body)).slice(0, 160);
  return {
    title: page.heading,
    description,
    keywords: `plumber ${place}, plumbing ${page.town}, ${page.town} plumber, emergency plumber ${page.town}`,
    path,
    breadcrumb: place,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        serviceType: 'Plumbing',
        name: page.heading,
        description,
        url: `${publicUrl}${path}`,
        provider: {
          '@type': 'Plumber',
          name: settings.companyName,
          telephone: settings.phoneNumber,
          url: settings.website || `${publicUrl}/`,
        },
        areaServed: {
          '@type': 'City',
          name: place,
          containedInPlace: { '@type': 'State', name: page.state },
        },
      },
    ],
  };
}
