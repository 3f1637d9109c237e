import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';
import { townPageSeo } from '../../src/server/rendering/town-pages.ts';
import type { Data } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  return townPageSeo(pageContext, (pageContext.data as Data).page);
}
