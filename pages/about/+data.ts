// https://vike.dev/data : the towns of the community list, read on the server so they are in the first HTML.
import type { PageContextServer } from 'vike/types';
import { communityTownsData } from '../../src/server/rendering/town-pages.ts';

export async function data(pageContext: PageContextServer) {
  return communityTownsData(pageContext);
}

export type Data = Awaited<ReturnType<typeof data>>;
