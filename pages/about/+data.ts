// https://vike.dev/data : the About page's words (Pages in /admin), read on the server.
import type { PageContextServer } from 'vike/types';
import { pageTextForPage } from '../../src/server/services/page-data.ts';

export async function data(pageContext: PageContextServer) {
  return pageTextForPage(pageContext, 'about', pageContext.settings.companyName);
}

export type AboutData = Awaited<ReturnType<typeof data>>;
