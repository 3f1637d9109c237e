import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../../renderer/seo.ts';
import { serviceStructuredData } from '../../../src/shared/business-structured-data.ts';
import type { ServiceData } from './+data.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { service } = pageContext.data as ServiceData;
  const { settings, publicUrl } = pageContext;
  const firstPhoto = service.photos[0];
  return {
    title: service.title,
    description: service.summary,
    keywords: [service.title, ...service.offerings].join(', '),
    path: `/services/${service.slug}`,
    breadcrumb: service.title,
    breadcrumbParents: [{ name: 'Services', path: '/services' }],
    image: firstPhoto?.image.src ?? null,
    imageAlt: firstPhoto?.alt,
    structuredData: [
      serviceStructuredData(
        service,
        settings,
        publicUrl,
        service.photos.map((photo) => `${publicUrl}${photo.image.src}`),
      ),
    ],
  };
}
