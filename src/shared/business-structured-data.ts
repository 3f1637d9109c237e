// https://schema.org/Plumber : the business as search engines read it on the home page.
import { siteImageUrl } from './site-image-url.ts';
import type { PublicSiteSettings } from './schemas/settings.ts';
import { townWithState, type TownListing } from './town-lists.ts';
import { weekdays } from './weekdays.ts';

/** "8:00 AM" → "08:00"; null when the text is not a 12-hour clock time. */
export function toTwentyFourHour(time: string): string | null {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?\s*$/.exec(time);
  if (!match) return null;
  const hour12 = Number(match[1]);
  const minutes = match[2] ?? '00';
  if (hour12 < 1 || hour12 > 12 || Number(minutes) > 59) return null;
  const isPm = match[3]!.toLowerCase() === 'p';
  const hour24 = (hour12 % 12) + (isPm ? 12 : 0);
  return `${String(hour24).padStart(2, '0')}:${minutes}`;
}

/** "8:00 AM - 6:00 PM" → { opens: "08:00", closes: "18:00" }; null for "Closed" or free text. */
export function parseHoursRange(range: string): { opens: string; closes: string } | null {
  const parts = range.split(/\s*[-–—]\s*|\s+to\s+/i);
  if (parts.length !== 2) return null;
  const opens = toTwentyFourHour(parts[0]!);
  const closes = toTwentyFourHour(parts[1]!);
  return opens && closes ? { opens, closes } : null;
}

function capitalise(day: string) {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** https://schema.org/PostalAddress from the parts in Settings; nothing when no part is set. */
function postalAddressOf(settings: PublicSiteSettings): { address?: object } {
  const parts = {
    streetAddress: settings.addressStreet,
    addressLocality: settings.addressCity,
    addressRegion: settings.addressState,
    postalCode: settings.addressZip,
  };
  const given = Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== ''));
  if (Object.keys(given).length === 0) return {};
  return { address: { '@type': 'PostalAddress', ...given, addressCountry: 'US' } };
}

/** https://schema.org/GeoCoordinates when the owner set both coordinates. */
function geoOf(settings: PublicSiteSettings): { geo?: object } {
  if (settings.latitude === '' || settings.longitude === '') return {};
  return {
    geo: {
      '@type': 'GeoCoordinates',
      latitude: Number(settings.latitude),
      longitude: Number(settings.longitude),
    },
  };
}

export function plumberStructuredData(
  settings: PublicSiteSettings,
  publicUrl: string,
  imagePath: string,
  /** Every shown service area, in order: https://schema.org/areaServed */
  servedTowns: readonly Pick<TownListing, 'town' | 'state'>[] = [],
  services: readonly CatalogService[] = [],
): object {
  const openingHoursSpecification = weekdays.flatMap((day) => {
    const hours = parseHoursRange(settings.businessHours[day]);
    return hours
      ? [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: `https://schema.org/${capitalise(day)}`,
            ...hours,
          },
        ]
      : [];
  });
  const sameAs = [settings.facebook, settings.instagram, settings.twitter, settings.linkedin].filter(
    (link) => link.trim() !== '',
  );
  const url = settings.website || `${publicUrl}/`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Plumber',
    name: settings.companyName,
    telephone: settings.phoneNumber,
    ...(settings.email ? { email: settings.email } : {}),
    ...postalAddressOf(settings),
    ...geoOf(settings),
    ...(settings.priceRange ? { priceRange: settings.priceRange } : {}),
    url,
    image: `${publicUrl}${imagePath}`,
    // The owner's logo when uploaded (Settings), else the site's mark.
    logo: `${publicUrl}${settings.logoUrl || siteImageUrl('/images/favicon.svg')}`,
    openingHoursSpecification,
    ...(servedTowns.length > 0
      ? { areaServed: servedTowns.map((area) => ({ '@type': 'City', name: townWithState(area) })) }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(services.length > 0 ? { hasOfferCatalog: offerCatalogOf(services, publicUrl) } : {}),
  };
}

/** What the structured data says of a service. */
export interface ServiceForStructuredData {
  slug: string;
  title: string;
  summary: string;
  offerings: readonly string[];
  priceFrom: number | null;
  photos?: readonly { src: string }[];
}

/** What the Plumber's catalogue says of each service: its page tells the rest. */
export type CatalogService = Pick<ServiceForStructuredData, 'slug' | 'title' | 'summary' | 'priceFrom'>;

/** "From $N" as the fields of an https://schema.org/Offer: the least a job costs, in dollars. */
function startingPriceOf(priceFrom: number | null): object {
  if (priceFrom === null) return {};
  return {
    priceCurrency: 'USD',
    priceSpecification: { '@type': 'PriceSpecification', minPrice: priceFrom, priceCurrency: 'USD' },
  };
}

/** https://schema.org/OfferCatalog of one service: what it includes, each an offered service. */
function offeringsCatalogOf(service: ServiceForStructuredData): object {
  return {
    '@type': 'OfferCatalog',
    name: service.title,
    itemListElement: service.offerings.map((offering) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name: offering },
    })),
  };
}

/** The company's services as the Plumber's https://schema.org/hasOfferCatalog, each with its own page. */
export function offerCatalogOf(services: readonly CatalogService[], publicUrl: string): object {
  return {
    '@type': 'OfferCatalog',
    name: 'Plumbing services',
    itemListElement: services.map((service) => ({
      '@type': 'Offer',
      ...startingPriceOf(service.priceFrom),
      itemOffered: {
        '@type': 'Service',
        name: service.title,
        description: service.summary,
        url: `${publicUrl}/services/${service.slug}`,
      },
    })),
  };
}

/** https://schema.org/Service for a service's own page, provided by the company. */
export function serviceStructuredData(
  service: ServiceForStructuredData,
  settings: PublicSiteSettings,
  publicUrl: string,
  imageUrls: readonly string[],
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.title,
    serviceType: service.title,
    description: service.summary,
    url: `${publicUrl}/services/${service.slug}`,
    ...(imageUrls.length ? { image: imageUrls } : {}),
    provider: {
      '@type': 'Plumber',
      name: settings.companyName,
      telephone: settings.phoneNumber,
      url: settings.website || `${publicUrl}/`,
      ...postalAddressOf(settings),
    },
    ...(service.priceFrom === null
      ? {}
      : { offers: { '@type': 'Offer', ...startingPriceOf(service.priceFrom) } }),
    ...(service.offerings.length ? { hasOfferCatalog: offeringsCatalogOf(service) } : {}),
  };
}
