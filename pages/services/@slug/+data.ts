// https://vike.dev/data : one service's page. An address the service had before answers a permanent
// redirect to the current one, so links and search results keep working after a rename.
import type { PageContextServer } from 'vike/types';
import { redirect, render } from 'vike/abort';
import { serviceForPage } from '../../../src/server/services/page-data.ts';
import { SLUG_PATTERN } from '../../../src/shared/schemas/service.ts';

export async function data(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? '';
  if (!SLUG_PATTERN.test(slug) || slug.length > 255) throw render(404);
  const found = await serviceForPage(pageContext, slug);
  if (!found) throw render(404);
  if ('movedTo' in found) throw redirect(`/services/${found.movedTo}`, 301);
  return found;
}

export type ServiceData = Exclude<Awaited<ReturnType<typeof data>>, { movedTo: string }>;
