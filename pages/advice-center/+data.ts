import type { PageContextServer } from 'vike/types';
import { postListData } from '../../src/server/rendering/post-pages.ts';

export async function data(pageContext: PageContextServer) {
  return postListData(pageContext, 'advicePosts');
}

export type Data = Awaited<ReturnType<typeof data>>;
