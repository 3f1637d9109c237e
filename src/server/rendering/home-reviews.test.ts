import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview } from '../services/reviews.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

const STORED = 12;
/** Three screens of three cards. */
const SHOWN = 9;

/** The reviews the browser is handed with the page, as Vike writes them for hydration. */
function reviewsInPageData(html: string): { name: string }[] {
  const json = /<script id="vike_pageContext" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null').data.reviews;
}

describe(`the home page's reviews, however many there are (${testDatabaseKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' } });
    for (let n = 1; n <= STORED; n++) {
      await createReview(
        t.database.db,
        { name: `Reviewer${n}`, secondName: 'Smith', rating: 5, review: `Review number ${n}.` },
        { visible: true },
        new Date(Date.UTC(2026, 10, n, 15)),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the newest nine, in the markup and in the page data, and links to all of them', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;

    const newestFirst = Array.from({ length: SHOWN }, (_, i) => `Reviewer${STORED - i}`);
    expect(reviewsInPageData(html).map((review) => review.name)).toEqual(newestFirst);
    expect(html.match(/aria-label="Show review \d+"/g)).toHaveLength(SHOWN);
    expect(html).toContain(`Review <!-- -->1<!-- --> of <!-- -->${SHOWN}`);
    expect(html).toMatch(/<a class="[^"]+" href="\/testimonials">Read all <!-- -->12<!-- --> reviews<\/a>/);
    // The oldest three are on the testimonials page only.
    for (const name of ['Reviewer1<', 'Reviewer2<', 'Reviewer3<', '"Reviewer1"', '"Reviewer3"']) {
      expect(html).not.toContain(name);
    }
    const testimonials = await t.app.inject({ url: '/testimonials' });
    expect(testimonials.body).toContain('Reviewer1');
  });
});
