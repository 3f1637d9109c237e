// https://vike.dev/data : the town page, read on the server so its text is in the first HTML.
import type { PageContextServer } from 'vike/types';
import { townPageData } from '../../src/server/rendering/town-pages.ts';

export async function data(pageContext: PageContextServer) {
  return townPageData(pageContext);
}

export type Data = Awaited<ReturnType<typeof data>>;
