import type { PageContextServer } from 'vike/types';
import { DEFAULT_SHARE_IMAGE, type SeoInput } from '../../renderer/seo.ts';
import { plumberStructuredData } from '../../src/shared/business-structured-data.ts';
import { siteImageUrl } from '../../src/shared/site-image-url.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { settings, publicUrl } = pageContext;
  return {
    title:
      settings.seoTitle ||
      [settings.companyName, [settings.addressCity, settings.addressState].filter(Boolean).join(', ')]
        .filter(Boolean)
        .join(' | Plumber in '),
    description: settings.seoDescription,
    keywords: settings.seoKeywords,
    path: '/',
    breadcrumb: 'Home',
    structuredData: [plumberStructuredData(settings, publicUrl, siteImageUrl(DEFAULT_SHARE_IMAGE))],
  };
}
