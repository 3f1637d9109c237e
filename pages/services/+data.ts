// https://vike.dev/data : the shown services with their photos, and the questions, read on the server.
import type { PageContextServer } from 'vike/types';
import { servicesForPage } from '../../src/server/services/page-data.ts';

export async function data(pageContext: PageContextServer) {
  return servicesForPage(pageContext);
}

export type ServicesData = Awaited<ReturnType<typeof data>>;
