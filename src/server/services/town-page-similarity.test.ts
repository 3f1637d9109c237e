import { describe, expect, it } from 'vitest';
import {
  DOORWAY_SIMILARITY_THRESHOLD,
  jaccardSimilarity,
  shinglesOf,
  townPageSimilarity,
  wordsWithoutPlaces,
} from './town-page-similarity.ts';

const towns = ['Cumming', 'Johns Creek', 'Dawsonville', 'Buford', 'Creek'];

const cumming = `Plumber in Cumming, GA. Homes in Cumming (30040, 30041) sit on red clay that shifts buried sewer
lines, so we run camera inspections before digging and reline pipe where we can. Many subdivisions built in the
1990s still have polybutylene supply lines that we replace with PEX in a day. Our trucks are based in Cumming,
so most emergency calls get a plumber within the hour.`;

const closing = `Call us any time: a licensed plumber answers, gives you an upfront price before any work starts,
and every job is backed by our satisfaction guarantee.`;

const dawsonvilleOwn = `Plumber in Dawsonville, GA. Dawsonville homes often draw from private wells, so we service
well pumps, pressure tanks and water softeners as often as we fix kitchen leaks. Lake cabins north of Highway 53
need their lines winterised before the first hard freeze, and the outlet-mall area has many ten-year-old water
heaters due for replacement.`;

const bufordOwn = `Plumber in Buford, GA. Buford is on Gwinnett water at high pressure, which wears out fixtures:
we fit pressure-reducing valves and expansion tanks, clear roots from the clay sewer laterals of the older
streets near the square, and install tankless heaters in the new builds.`;

/** The similarity of each pair of texts, rounded as the decision record quotes them. */
const measured = (a: string, b: string) => Math.round(townPageSimilarity(a, b, towns) * 100) / 100;

describe('town page similarity', () => {
  it('takes out every town name, longest first, and every ZIP code, whatever the case and accents', () => {
    expect(wordsWithoutPlaces('Plumbers in JOHNS CREEK 30097-1234 and Cumming 30040.', towns)).toEqual([
      'plumbers',
      'in',
      'and',
    ]);
    expect(wordsWithoutPlaces('Cummingham is not Cumming', towns)).toEqual(['cummingham', 'is', 'not']);
  });

  it('compares runs of three words: the same words score 1, nothing shared 0', () => {
    expect(shinglesOf(['a', 'b', 'c', 'd'])).toEqual(new Set(['a b c', 'b c d']));
    expect(shinglesOf(['a', 'b'])).toEqual(new Set(['a b']));
    expect(jaccardSimilarity(new Set(['x']), new Set(['x']))).toBe(1);
    expect(jaccardSimilarity(new Set(['x']), new Set(['y']))).toBe(0);
    expect(jaccardSimilarity(new Set(), new Set())).toBe(1);
  });

  it('scores a copy with the town swapped as the same page, with a sentence added still above the line', () => {
    const swapped = cumming.replaceAll('Cumming', 'Dawsonville').replace('30040, 30041', '30534');
    expect(measured(cumming, swapped)).toBe(1);
    const oneSentence = `${swapped} We also fix sprinkler backflow valves.`;
    expect(measured(cumming, oneSentence)).toBeGreaterThanOrEqual(DOORWAY_SIMILARITY_THRESHOLD);
    // Two sentences changed out of five: a reworded copy, which we let through.
    const reworded = swapped
      .replace('so most emergency calls get a plumber within the hour.', 'and we answer the phone ourselves.')
      .replace('Many subdivisions built in the\n1990s', 'Older houses from the\n1980s');
    expect(measured(cumming, reworded)).toBeLessThan(DOORWAY_SIMILARITY_THRESHOLD);
  });

  it('lets pages written for their town through, even when they share a closing paragraph', () => {
    expect(measured(dawsonvilleOwn, bufordOwn)).toBeLessThan(0.1);
    expect(measured(`${dawsonvilleOwn}\n${closing}`, `${bufordOwn}\n${closing}`)).toBeLessThan(0.4);
    expect(measured(`${cumming}\n${closing}`, `${dawsonvilleOwn}\n${closing}`)).toBeLessThan(0.4);
  });
});
