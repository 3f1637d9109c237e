// What booking needs to know of the company's offer: which services can be booked and which ZIP codes
// are served. Both are the owner's content (the Services and Service areas tabs); booking reads them
// through these functions only, so a service or town is bookable exactly while it is shown.
import type { Database } from '../../../db/client.ts';
import { listShownServiceAreas } from './service-areas.ts';
import { listShownServices } from './service-catalog.ts';

export interface BookableService {
  slug: string;
  title: string;
}

export interface ServedTown {
  town: string;
  zips: readonly string[];
}

/** The shown towns and their ZIP codes, in the owner's order (a ZIP may lie in two towns). */
async function servedTowns(db: Database): Promise<ServedTown[]> {
  return (await listShownServiceAreas(db)).map(({ town, zips }) => ({ town, zips }));
}

/** The services a visitor can book: the shown ones, in the order the site shows them. */
export async function bookableServices(db: Database): Promise<BookableService[]> {
  return (await listShownServices(db)).map(({ slug, title }) => ({ slug, title }));
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
export async function servedZip(db: Database, zip: string): Promise<ServedTown[]> {
  const wanted = zip5(zip);
  return (await servedTowns(db)).filter((town) => town.zips.includes(wanted));
}

/**
 * The towns served whose ZIP codes are numerically nearest this one, nearest first. US ZIP codes are
 * laid out by region, so the nearest numbers are a fair guess at the nearest towns without a map.
 */
export async function nearestServedTowns(db: Database, zip: string, count = 3): Promise<string[]> {
  const wanted = Number(zip5(zip));
  const byDistance = (await servedTowns(db))
    .map((town) => ({
      town: town.town,
      distance: Math.min(...town.zips.map((served) => Math.abs(Number(served) - wanted))),
    }))
    .sort((a, b) => a.distance - b.distance || a.town.localeCompare(b.town));
  return byDistance.slice(0, count).map((entry) => entry.town);
}
