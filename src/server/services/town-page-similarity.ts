// How alike two town pages read once every place name is taken out: search engines treat pages that
// differ only by the town's name as doorway pages, so such a copy is not published
// (docs/decisions/057-service-areas-and-town-pages.md).

/** Words per shingle: three keep word order in the comparison without making one edit count many times. */
export const SHINGLE_WORDS = 3;

/**
 * From this share of shared three-word runs on, two pages are one page with a town swapped. Measured on
 * the examples of the test beside this: a copy with only the town changed scores 1, the same with one
 * sentence added 0.91, with two of its five sentences reworded 0.57, and pages written for their own
 * town that share one closing paragraph 0.19–0.20.
 */
export const DOORWAY_SIMILARITY_THRESHOLD = 0.8;

function plainLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The page's words with every ZIP code and every given place name taken out, longest name first (so
 * "Johns Creek" goes before a town named "Creek" could split it).
 */
export function wordsWithoutPlaces(text: string, placeNames: readonly string[]): string[] {
  let plain = plainLetters(text).replace(/\b\d{5}(?:-\d{4})?\b/g, ' ');
  const names = [...new Set(placeNames.map((name) => plainLetters(name).trim()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  for (const name of names) {
    const words = name.split(/[^a-z0-9']+/).filter(Boolean);
    if (words.length === 0) continue;
    const pattern = new RegExp(
      `(?<![a-z0-9'])${words.map(escapeForPattern).join("[^a-z0-9']+")}(?![a-z0-9'])`,
      'g',
    );
    plain = plain.replace(pattern, ' ');
  }
  return plain.split(/[^a-z0-9']+/).filter(Boolean);
}

/** Every run of SHINGLE_WORDS words in a row; a shorter text is one run of all its words. */
export function shinglesOf(words: readonly string[]): Set<string> {
  if (words.length < SHINGLE_WORDS) return new Set(words.length ? [words.join(' ')] : []);
  const shingles = new Set<string>();
  for (let start = 0; start + SHINGLE_WORDS <= words.length; start++)
    shingles.add(words.slice(start, start + SHINGLE_WORDS).join(' '));
  return shingles;
}

/** Shared runs over all runs (Jaccard): 1 for the same words, 0 for nothing in common. */
export function jaccardSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  // Two pages that say nothing once the places are gone say the same nothing.
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const shingle of a) if (b.has(shingle)) shared++;
  return shared / (a.size + b.size - shared);
}

/** How alike two texts are with the given place names and every ZIP code removed from both. */
export function townPageSimilarity(a: string, b: string, placeNames: readonly string[]): number {
  return jaccardSimilarity(
    shinglesOf(wordsWithoutPlaces(a, placeNames)),
    shinglesOf(wordsWithoutPlaces(b, placeNames)),
  );
}
