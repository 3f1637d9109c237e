// https://vike.dev/data : the general questions and answers, read on the server so they are in the first HTML.
import type { PageContextServer } from 'vike/types';
import { generalFaqsForPage } from '../../src/server/services/page-data.ts';

export async function data(pageContext: PageContextServer) {
  return generalFaqsForPage(pageContext);
}

export type ContactData = Awaited<ReturnType<typeof data>>;
