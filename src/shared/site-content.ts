// Facts the spec fixes and several pages repeat: one list each.

export const navigationLinks = [
  { href: '/', label: 'Home' },
  { href: '/services', label: 'Services' },
  { href: '/news', label: 'News & Updates' },
  { href: '/advice-center', label: 'Advice Center' },
  { href: '/testimonials', label: 'Testimonials' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
] as const;

/** Services: the card title and its anchor (the last pair do not match, on purpose). */
export const serviceCategories = [
  { title: 'Residential Plumbing', anchor: 'residential-plumbing', slug: 'residential-plumbing' },
  { title: 'Sewer + Drain Solutions', anchor: 'sewer-drain-solutions', slug: 'sewer-drain' },
  { title: 'Filtration System', anchor: 'filtration-system-service', slug: 'filtration-system' },
  { title: 'Underground Plumbing', anchor: 'underground-plumbing-service', slug: 'underground-plumbing' },
  { title: 'Water Heater Services', anchor: 'water-heater-service', slug: 'water-heater' },
  { title: 'Tankless Water Installation', anchor: 'leak-detection-services', slug: 'tankless-water' },
] as const;

/** tel: link for a phone number as people write it. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') || digits.length !== 10 ? digits : `+1${digits}`}`;
}
