import type { PageContextServer } from 'vike/types';
import { postListData } from '../../src/server/rendering/post-pages.ts';

export async function data(pageContext: PageContextServer) {
  return postListData(pageContext, 'newsPosts');
}

export type Data = Awaited<ReturnType<typeof data>>;
