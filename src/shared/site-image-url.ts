import { imageHashes } from './image-hashes.ts';
import { remembered } from './remembered.ts';

/**
 * The content-addressed name of one of the site's own pictures: `/images/hero-800.webp` becomes
 * `/images/hero-800.3f9a1c2b.webp`, which the server answers with a year of caching because a new
 * picture gets a new name (docs/decisions/041). Anything else (an upload, another site's address, a
 * file the site does not ship, a query string) is returned as it is.
 */
export function siteImageUrl(url: string): string;
export function siteImageUrl(url: string | null): string | null;
export function siteImageUrl(url: string | null): string | null {
  return url?.startsWith('/images/') ? contentAddressed(url) : url;
}

// Remembered: every render asks again for the names of the same pictures, a few dozen of them.
const contentAddressed = remembered((url: string) => {
  const path = url.slice('/images/'.length);
  if (!Object.hasOwn(imageHashes, path)) return url;
  const hash = imageHashes[path]!;
  const dot = path.lastIndexOf('.');
  return `/images/${path.slice(0, dot)}.${hash}${path.slice(dot)}`;
});

/** The file a content-addressed name stands for and the hash it was given, or null for any other name. */
export function parseSiteImageName(path: string): { path: string; hash: string } | null {
  // Eight hex digits, as scripts/site-image-hashes.ts writes them.
  const match = /^(.+)\.([0-9a-f]{8})(\.[a-z0-9]+)$/.exec(path);
  return match ? { path: `${match[1]}${match[3]}`, hash: match[2]! } : null;
}
