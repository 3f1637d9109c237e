import type { PageContextServer } from 'vike/types';
import { DEFAULT_SHARE_IMAGE, type SeoInput } from '../../renderer/seo.ts';
import { plumberStructuredData } from '../../src/shared/business-structured-data.ts';
import { siteImageUrl } from '../../src/shared/site-image-url.ts';
import type { HomeData } from './+data.ts';
import { rememberedLast } from '../../src/shared/remembered.ts';

// The business's structured data follows from the settings and the read cache's towns and services,
// which stay the same objects until the database changes: made again only then, not for every render.
const businessStructuredData = rememberedLast(plumberStructuredData);

export default function seo(pageContext: PageContextServer): SeoInput {
  const { settings, publicUrl } = pageContext;
  const { servedTowns, services } = pageContext.data as HomeData;
  const place = [settings.addressCity, settings.addressState].filter(Boolean).join(', ');
  return {
    title: settings.seoTitle || `${settings.companyName} | Plumber${place ? ` in ${place}` : ''}`,
    description: settings.seoDescription,
    keywords: settings.seoKeywords,
    path: '/',
    breadcrumb: 'Home',
    structuredData: [
      businessStructuredData(settings, publicUrl, siteImageUrl(DEFAULT_SHARE_IMAGE), servedTowns, services),
    ],
  };
}
