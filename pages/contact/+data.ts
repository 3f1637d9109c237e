// https://vike.dev/data : the towns of the community list and the general questions and answers, read on
// the server so they are in the first HTML.
import type { PageContextServer } from 'vike/types';
import { communityTownsData } from '../../src/server/rendering/town-pages.ts';
import { generalFaqsForPage } from '../../src/server/services/page-data.ts';

export async function data(pageContext: PageContextServer) {
  const [towns, questions] = await Promise.all([
    communityTownsData(pageContext),
    generalFaqsForPage(pageContext),
  ]);
  return {
    communityTowns: towns.communityTowns,
    faqs: questions.faqs,
    degraded: towns.degraded || questions.degraded,
  };
}

export type ContactData = Awaited<ReturnType<typeof data>>;
