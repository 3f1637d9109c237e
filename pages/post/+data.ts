import type { PageContextServer } from 'vike/types';
import { articleData } from '../../src/server/post-pages.ts';

export async function data(pageContext: PageContextServer) {
  return articleData(pageContext);
}

export type Data = Awaited<ReturnType<typeof data>>;
