// https://vike.dev/data : the Contact page's words (Pages in /admin), the towns of the community list and
// the general questions and answers, read on the server so they are in the first HTML.
import type { PageContextServer } from 'vike/types';
import { communityTownsData } from '../../src/server/rendering/town-pages.ts';
import { generalFaqsForPage, pageTextForPage } from '../../src/server/services/page-data.ts';

export async function data(pageContext: PageContextServer) {
  const [towns, questions, words] = await Promise.all([
    communityTownsData(pageContext),
    generalFaqsForPage(pageContext),
    pageTextForPage(pageContext, 'contact', pageContext.settings.companyName),
  ]);
  return {
    communityTowns: towns.communityTowns,
    faqs: questions.faqs,
    text: words.text,
    degraded: towns.degraded || questions.degraded || words.degraded,
  };
}

export type ContactData = Awaited<ReturnType<typeof data>>;
