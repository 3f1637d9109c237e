// https://vike.dev/data : the Contact page's words (Pages in /admin), read on the server.
import type { PageContextServer } from 'vike/types';
import { pageTextForPage } from '../../src/server/services/page-data.ts';

export async function data(pageContext: PageContextServer) {
  return pageTextForPage(pageContext, 'contact', pageContext.settings.companyName);
}

export type ContactData = Awaited<ReturnType<typeof data>>;
