import { describe, expect, it } from 'vitest';
import {
  parseHoursRange,
  plumberStructuredData,
  serviceStructuredData,
  toTwentyFourHour,
} from './business-structured-data.ts';
import { defaultSettings } from './site-defaults.ts';

describe('opening hours parsing', () => {
  it('turns 12-hour clock times into 24-hour ones', () => {
    expect(toTwentyFourHour('8:00 AM')).toBe('08:00');
    expect(toTwentyFourHour('6:00 PM')).toBe('18:00');
    expect(toTwentyFourHour('12:00 PM')).toBe('12:00');
    expect(toTwentyFourHour('12:30 am')).toBe('00:30');
    expect(toTwentyFourHour('9 p.m.')).toBe('21:00');
    expect(toTwentyFourHour('13:00 PM')).toBeNull();
    expect(toTwentyFourHour('noon')).toBeNull();
  });

  it('reads a range and refuses Closed or free text', () => {
    expect(parseHoursRange('8:00 AM - 6:00 PM')).toEqual({ opens: '08:00', closes: '18:00' });
    expect(parseHoursRange('9:00 AM – 4:00 PM')).toEqual({ opens: '09:00', closes: '16:00' });
    expect(parseHoursRange('Closed')).toBeNull();
    expect(parseHoursRange('By appointment')).toBeNull();
  });
});

describe('plumberStructuredData', () => {
  it('describes the business from the settings, skipping closed days and empty social links', () => {
    const data = plumberStructuredData(
      { ...defaultSettings, facebook: 'https://facebook.com/example', instagram: '' },
      'https://example.test',
      '/images/plumber_photo.jpg',
    ) as Record<string, unknown>;
    expect(data['@type']).toBe('Plumber');
    expect(data.name).toBe(defaultSettings.companyName);
    expect(data.telephone).toBe(defaultSettings.phoneNumber);
    expect(data.email).toBe(defaultSettings.email);
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '100 Main Street',
      addressLocality: 'Cumming',
      addressRegion: 'GA',
      postalCode: '30040',
      addressCountry: 'US',
    });
    // Coordinates and a price range are the owner's to set: not published until then.
    expect(data).not.toHaveProperty('geo');
    expect(data).not.toHaveProperty('priceRange');
    expect(data.url).toBe('https://example.test/');
    expect(data.image).toBe('https://example.test/images/plumber_photo.jpg');
    const hours = data.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
    expect(hours).toHaveLength(6);
    expect(hours[0]).toMatchObject({
      dayOfWeek: 'https://schema.org/Monday',
      opens: '08:00',
      closes: '18:00',
    });
    expect(hours[5]).toMatchObject({
      dayOfWeek: 'https://schema.org/Saturday',
      opens: '09:00',
      closes: '16:00',
    });
    expect(hours.some((entry) => entry.dayOfWeek.endsWith('Sunday'))).toBe(false);
    expect(data.sameAs).toEqual(['https://facebook.com/example']);
  });

  it('publishes geo coordinates and the price range once the owner sets them', () => {
    const data = plumberStructuredData(
      { ...defaultSettings, latitude: '34.2073', longitude: '-84.1402', priceRange: '$$' },
      'https://example.test',
      '/x.jpg',
    ) as Record<string, unknown>;
    expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 34.2073, longitude: -84.1402 });
    expect(data.priceRange).toBe('$$');
  });

  it('gives the address parts that are set, and no address at all when none is', () => {
    const partial = plumberStructuredData(
      { ...defaultSettings, addressStreet: '', addressZip: '' },
      'https://example.test',
      '/x.jpg',
    ) as Record<string, unknown>;
    expect(partial.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Cumming',
      addressRegion: 'GA',
      addressCountry: 'US',
    });
    const none = plumberStructuredData(
      { ...defaultSettings, addressStreet: '', addressCity: '', addressState: '', addressZip: '' },
      'https://example.test',
      '/x.jpg',
    ) as Record<string, unknown>;
    expect(none).not.toHaveProperty('address');
  });

  it('names every shown town with its state as areaServed, and leaves it out without towns', () => {
    const data = plumberStructuredData(defaultSettings, 'https://example.test', '/x.jpg', [
      { town: 'Oakwood', state: 'GA' },
      { town: 'Lavonia', state: 'GA' },
    ]) as Record<string, unknown>;
    expect(data.areaServed).toEqual([
      { '@type': 'City', name: 'Oakwood, GA' },
      { '@type': 'City', name: 'Lavonia, GA' },
    ]);
    expect(plumberStructuredData(defaultSettings, 'https://example.test', '/x.jpg')).not.toHaveProperty(
      'areaServed',
    );
  });

  it('leaves sameAs out when no social link is set', () => {
    const data = plumberStructuredData(defaultSettings, 'https://example.test', '/x.jpg') as Record<
      string,
      unknown
    >;
    expect(data).not.toHaveProperty('sameAs');
  });
});

describe('services in structured data', () => {
  const gasLine = {
    slug: 'gas-line-repair',
    title: 'Gas Line Repair',
    summary: 'Gas lines fixed safely.',
    offerings: ['Leak detection', 'Line replacement'],
    priceFrom: 149,
  };

  it('lists each service in the Plumber’s offer catalogue, with its page and its starting price', () => {
    const data = plumberStructuredData(
      defaultSettings,
      'https://example.test',
      '/x.jpg',
      [],
      [gasLine, { ...gasLine, slug: 'drains', title: 'Drains', priceFrom: null }],
    ) as { hasOfferCatalog: { itemListElement: Record<string, unknown>[] } };
    expect(data.hasOfferCatalog.itemListElement).toEqual([
      {
        '@type': 'Offer',
        priceCurrency: 'USD',
        priceSpecification: { '@type': 'PriceSpecification', minPrice: 149, priceCurrency: 'USD' },
        itemOffered: {
          '@type': 'Service',
          name: 'Gas Line Repair',
          description: 'Gas lines fixed safely.',
          url: 'https://example.test/services/gas-line-repair',
        },
      },
      {
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: 'Drains',
          description: 'Gas lines fixed safely.',
          url: 'https://example.test/services/drains',
        },
      },
    ]);
    expect(plumberStructuredData(defaultSettings, 'https://example.test', '/x.jpg')).not.toHaveProperty(
      'hasOfferCatalog',
    );
  });

  it('describes a service page as a Service the company provides, with what it includes', () => {
    const data = serviceStructuredData(gasLine, defaultSettings, 'https://example.test', [
      'https://example.test/uploads/a.jpg',
    ]);
    expect(data).toMatchObject({
      '@type': 'Service',
      name: 'Gas Line Repair',
      url: 'https://example.test/services/gas-line-repair',
      image: ['https://example.test/uploads/a.jpg'],
      provider: {
        '@type': 'Plumber',
        name: defaultSettings.companyName,
        telephone: defaultSettings.phoneNumber,
      },
      offers: { priceSpecification: { minPrice: 149 } },
      hasOfferCatalog: {
        itemListElement: [
          { itemOffered: { name: 'Leak detection' } },
          { itemOffered: { name: 'Line replacement' } },
        ],
      },
    });
  });
});
