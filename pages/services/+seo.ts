import type { PageContextServer } from 'vike/types';
import type { SeoInput } from '../../renderer/seo.ts';

export default function seo(pageContext: PageContextServer): SeoInput {
  const { addressCity, addressState, serviceArea } = pageContext.settings;
  const place = [addressCity, addressState].filter(Boolean).join(', ');
  return {
    title: place ? `Plumbing Services in ${place}` : 'Plumbing Services',
    description: `Residential plumbing, sewer and drain cleaning, water filtration, underground line repair, water heater and tankless installation in ${serviceArea}. Licensed and insured.`,
    keywords: [
      place && `plumbing services ${place.replace(',', '')}`,
      `drain cleaning ${serviceArea}`,
      'sewer line repair',
      place && `water heater repair ${addressCity}`,
      'tankless water heater installation',
      'water filtration',
      'leak detection',
    ]
      .filter(Boolean)
      .join(', '),
    path: '/services',
    breadcrumb: 'Services',
  };
}
