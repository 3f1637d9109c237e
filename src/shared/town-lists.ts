// The towns each public list names, picked from the one list of shown service areas (in its order).
import type { PublicServiceArea } from './schemas/service-area.ts';

/** What a list needs to name a town and link its page: no ZIP codes travel to the browser. */
export interface TownListing {
  town: string;
  state: string;
  pagePath: string | null;
}

function listing({ town, state, pagePath }: PublicServiceArea): TownListing {
  return { town, state, pagePath };
}

/** The home page's scrolling banner. */
export function bannerTownsOf(areas: readonly PublicServiceArea[]): TownListing[] {
  return areas.filter((area) => area.inBanner).map(listing);
}

/** The About and Contact community lists; the first town is the home base. */
export function communityTownsOf(areas: readonly PublicServiceArea[]): TownListing[] {
  return areas.filter((area) => area.inCommunityList).map(listing);
}

/** "Springfield, IL": a town as an address names it. */
export function townWithState({ town, state }: Pick<TownListing, 'town' | 'state'>): string {
  return `${town}, ${state}`;
}

/** "A, B and C": the towns' names as a sentence lists them. */
export function townNamesInWords(towns: readonly Pick<TownListing, 'town'>[]): string {
  const names = towns.map((area) => area.town);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
