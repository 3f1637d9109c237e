import type { PageContextServer } from 'vike/types';
import { DEFAULT_SHARE_IMAGE, type SeoInput } from '../../renderer/seo.ts';
import { plumberStructuredData } from '../../src/shared/business-structured-data.ts';
import { siteImageUrl } from '../../src/shared/site-image-url.ts';
import type { HomeData } from './+data.ts';

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
      plumberStructuredData(settings, publicUrl, siteImageUrl(DEFAULT_SHARE_IMAGE), servedTowns, services),
    ],
  };
}
