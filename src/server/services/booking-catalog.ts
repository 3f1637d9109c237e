// What booking needs to know of the company's offer: which services can be booked and which ZIP codes
// are served. Everything booking reads of services and service areas passes through these functions,
// so that when both live in the database, only this file changes (each function already takes the
// database handle it will then read).
import type { Database } from '../../../db/client.ts';
import { serviceCategories } from '../../shared/site-content.ts';

export interface BookableService {
  slug: string;
  title: string;
}

export interface ServedTown {
  town: string;
  zips: readonly string[];
}

/** The towns served and their ZIP codes (a ZIP may lie in two towns, as 30097 and 30518 do). */
const servedTowns: readonly ServedTown[] = [
  { town: 'Cumming', zips: ['30028', '30040', '30041'] },
  { town: 'Sugar Hill', zips: ['30518'] },
  { town: 'Suwanee', zips: ['30024'] },
  { town: 'Johns Creek', zips: ['30005', '30022', '30097'] },
  { town: 'Alpharetta', zips: ['30004', '30009'] },
  { town: 'Duluth', zips: ['30096', '30097'] },
  { town: 'Dawsonville', zips: ['30534'] },
  { town: 'Buford', zips: ['30518', '30519'] },
  { town: 'Gainesville', zips: ['30501', '30502', '30503', '30504', '30505', '30506', '30507'] },
  { town: 'Roswell', zips: ['30075', '30076'] },
];

/** The services a visitor can book, in the order the site shows them. */
export async function bookableServices(_db: Database): Promise<BookableService[]> {
  return serviceCategories.map(({ slug, title }) => ({ slug, title }));
}

/** The bookable service with this slug, or undefined. */
export async function bookableService(db: Database, slug: string): Promise<BookableService | undefined> {
  return (await bookableServices(db)).find((service) => service.slug === slug);
}

/** The first five digits of a ZIP (ZIP+4 counts as its ZIP). */
function zip5(zip: string): string {
  return zip.trim().slice(0, 5);
}

/** The towns served at this ZIP; empty when it is outside the service area. */
export async function servedZip(_db: Database, zip: string): Promise<ServedTown[]> {
  const wanted = zip5(zip);
  return servedTowns.filter((town) => town.zips.includes(wanted));
}

/**
 * The towns served whose ZIP codes are numerically nearest this one, nearest first. US ZIP codes are
 * laid out by region, so the nearest numbers are a fair guess at the nearest towns without a map.
 */
export async function nearestServedTowns(_db: Database, zip: string, count = 3): Promise<string[]> {
  const wanted = Number(zip5(zip));
  const byDistance = servedTowns
    .map((town) => ({
      town: town.town,
      distance: Math.min(...town.zips.map((served) => Math.abs(Number(served) - wanted))),
    }))
    .sort((a, b) => a.distance - b.distance || a.town.localeCompare(b.town));
  return byDistance.slice(0, count).map((entry) => entry.town);
}
