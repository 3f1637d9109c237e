// https://vike.dev/data : the About page's words (Pages in /admin) and the towns of the community list,
// read on the server so they are in the first HTML.
import type { PageContextServer } from 'vike/types';
import { communityTownsData } from '../../src/server/rendering/town-pages.ts';
import { pageTextForPage } from '../../src/server/services/page-data.ts';

export async function data(pageContext: PageContextServer) {
  const [towns, words] = await Promise.all([
    communityTownsData(pageContext),
    pageTextForPage(pageContext, 'about', pageContext.settings.companyName),
  ]);
  return {
    communityTowns: towns.communityTowns,
    text: words.text,
    degraded: towns.degraded || words.degraded,
  };
}

export type AboutData = Awaited<ReturnType<typeof data>>;
