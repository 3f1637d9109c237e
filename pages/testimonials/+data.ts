// https://vike.dev/data : reviews read on the server, so the list is in the first HTML (no loading state).
import type { PageContextServer } from 'vike/types';
import { reviewsForPage } from '../../src/server/services/page-data.ts';

export async function data(pageContext: PageContextServer) {
  return reviewsForPage(pageContext);
}

export type TestimonialsData = Awaited<ReturnType<typeof data>>;
