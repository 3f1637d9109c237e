import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { serviceAreaFieldsSchema, type ServiceAreaFieldsInput } from '../../shared/schemas/service-area.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import {
  createServiceArea,
  findTownPage,
  isZipServed,
  listPublishedTownPages,
  listServiceAreasForAdmin,
  listShownServiceAreas,
  reorderServiceAreas,
  updateServiceArea,
} from './service-areas.ts';
import { actingWithoutRequest } from './activity-log.ts';
import { trashItem } from './content/trash.ts';

const server = actingWithoutRequest({ userId: null, username: null });

const fields = (input: ServiceAreaFieldsInput) => serviceAreaFieldsSchema.parse(input);

const dawsonvilleText = `<p>Dawsonville homes sit on wells more often than on county water, so we service well
pumps, pressure tanks and softeners as much as kitchen leaks. Near the outlet mall and along Highway 400 we
replace a lot of builder-grade water heaters that reached the end of their ten years.</p>
<p>Lake Lanier cabins need their lines winterised each autumn; book before the first hard freeze.</p>`;

describe(`service areas (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  const db = () => handle.db;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe('the towns seeded by the migration', () => {
    it('lists the towns the site always named, in one order, with their ZIP codes and lists', async () => {
      const areas = await listShownServiceAreas(db());
      expect(areas.map((area) => area.town)).toEqual([
        'Cumming',
        'Sugar Hill',
        'Suwanee',
        'Johns Creek',
        'Alpharetta',
        'Roswell',
        'Duluth',
        'Dawsonville',
        'Buford',
        'Gainesville',
      ]);
      expect(areas.filter((area) => area.inBanner).map((area) => area.town)).toEqual([
        'Cumming',
        'Sugar Hill',
        'Suwanee',
        'Johns Creek',
        'Alpharetta',
        'Duluth',
        'Dawsonville',
        'Buford',
        'Gainesville',
      ]);
      expect(areas.filter((area) => area.inCommunityList).map((area) => area.town)).toEqual([
        'Cumming',
        'Sugar Hill',
        'Suwanee',
        'Johns Creek',
        'Alpharetta',
        'Roswell',
      ]);
      expect(areas[0]).toMatchObject({
        slug: 'cumming-ga',
        state: 'GA',
        zips: ['30028', '30040', '30041'],
        pagePath: null,
      });
      expect(await listPublishedTownPages(db())).toEqual([]);
    });

    it('serves the ZIP codes of shown towns only', async () => {
      expect(await isZipServed(db(), '30040')).toBe(true);
      expect(await isZipServed(db(), ' 30534 ')).toBe(true);
      expect(await isZipServed(db(), '90210')).toBe(false);
      expect(await isZipServed(db(), '3004')).toBe(false);
      expect(await isZipServed(db(), "30040' or 1=1 --")).toBe(false);
    });
  });

  describe('editing', () => {
    beforeEach(async () => {
      // Each test starts from the towns without pages.
      await db().execute(
        sql`update service_areas set page_published = false, page_body = '', page_heading = ''`,
      );
    });

    it('adds a town at the end with a slug of its name and state, and hides it everywhere when asked', async () => {
      const added = await createServiceArea(
        db(),
        fields({ town: 'Flowery Branch', state: 'ga', zips: ['30542', '30542'], shown: true }),
      );
      expect(added).toMatchObject({ slug: 'flowery-branch-ga', state: 'GA', zips: ['30542'] });
      const shown = await listShownServiceAreas(db());
      expect(shown.at(-1)?.town).toBe('Flowery Branch');
      expect(await isZipServed(db(), '30542')).toBe(true);

      await updateServiceArea(
        db(),
        added.id,
        fields({ town: 'Flowery Branch', state: 'GA', zips: ['30542'], shown: false }),
      );
      expect((await listShownServiceAreas(db())).map((area) => area.town)).not.toContain('Flowery Branch');
      expect(await isZipServed(db(), '30542')).toBe(false);
      expect((await listServiceAreasForAdmin(db())).map((area) => area.town)).toContain('Flowery Branch');

      await trashItem(db(), server, 'service-area', String(added.id));
      expect((await listServiceAreasForAdmin(db())).map((area) => area.town)).not.toContain('Flowery Branch');
      await expect(trashItem(db(), server, 'service-area', String(added.id))).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('refuses a slug another town has', async () => {
      await expect(
        createServiceArea(db(), fields({ town: 'Cumming', state: 'GA', zips: ['30040'] })),
      ).rejects.toThrow(
        new ConflictError(
          'The address /service-areas/cumming-ga belongs to Cumming already: choose another slug.',
        ),
      );
    });

    it('reorders every town, and refuses an order that leaves one out', async () => {
      const before = await listServiceAreasForAdmin(db());
      const reversed = before.map((area) => area.id).reverse();
      const after = await reorderServiceAreas(db(), reversed);
      expect(after.map((area) => area.id)).toEqual(reversed);
      expect((await listShownServiceAreas(db()))[0]!.town).toBe(before.at(-1)!.town);
      await expect(reorderServiceAreas(db(), reversed.slice(1))).rejects.toBeInstanceOf(InvalidInputError);
      await reorderServiceAreas(
        db(),
        before.map((area) => area.id),
      );
    });

    it('publishes a town page with words of its own, and keeps a renamed address as a redirect', async () => {
      const [dawsonville] = (await listServiceAreasForAdmin(db())).filter(
        (area) => area.town === 'Dawsonville',
      );
      const page = {
        town: 'Dawsonville',
        state: 'GA',
        zips: ['30534'],
        pageHeading: 'Plumber in Dawsonville, GA',
        pageIntro: 'Wells, lake cabins and water heaters north of Cumming.',
        pageBody: `${dawsonvilleText}<script>alert(1)</script>`,
        pagePublished: true,
      };
      const saved = await updateServiceArea(db(), dawsonville!.id, fields(page));
      expect(saved.pageBody).not.toContain('<script');
      const found = await findTownPage(db(), 'dawsonville-ga');
      expect(found).toMatchObject({
        kind: 'page',
        page: { town: 'Dawsonville', heading: 'Plumber in Dawsonville, GA' },
      });
      expect(await listPublishedTownPages(db())).toEqual([
        { path: '/service-areas/dawsonville-ga', town: 'Dawsonville', updatedAt: saved.updatedAt },
      ]);
      expect((await listShownServiceAreas(db())).find((area) => area.town === 'Dawsonville')?.pagePath).toBe(
        '/service-areas/dawsonville-ga',
      );

      const renamed = await updateServiceArea(
        db(),
        dawsonville!.id,
        fields({ ...page, slug: 'dawsonville' }),
      );
      expect(renamed).toMatchObject({ slug: 'dawsonville', formerSlugs: ['dawsonville-ga'] });
      expect(await findTownPage(db(), 'dawsonville-ga')).toEqual({ kind: 'moved', slug: 'dawsonville' });
      expect(await findTownPage(db(), 'dawsonville')).toMatchObject({ kind: 'page' });
      // Renamed back: the address is its own again, not a redirect to itself.
      const back = await updateServiceArea(
        db(),
        dawsonville!.id,
        fields({ ...page, slug: 'dawsonville-ga' }),
      );
      expect(back.formerSlugs).toEqual(['dawsonville']);
      expect(await findTownPage(db(), 'dawsonville-ga')).toMatchObject({ kind: 'page' });

      // Unpublished: neither address shows it.
      await updateServiceArea(db(), dawsonville!.id, fields({ ...page, pagePublished: false }));
      expect(await findTownPage(db(), 'dawsonville-ga')).toEqual({ kind: 'none' });
      expect(await findTownPage(db(), 'dawsonville')).toEqual({ kind: 'none' });
      expect(await findTownPage(db(), 'nowhere')).toEqual({ kind: 'none' });
    });

    it('refuses to publish a copy of another town page with only the town changed, naming that page', async () => {
      const areas = await listServiceAreasForAdmin(db());
      const dawsonville = areas.find((area) => area.town === 'Dawsonville')!;
      const buford = areas.find((area) => area.town === 'Buford')!;
      await updateServiceArea(
        db(),
        dawsonville.id,
        fields({
          town: 'Dawsonville',
          state: 'GA',
          zips: ['30534'],
          pageHeading: 'Plumber in Dawsonville, GA',
          pageBody: dawsonvilleText,
          pagePublished: true,
        }),
      );
      const copy = fields({
        town: 'Buford',
        state: 'GA',
        zips: ['30518', '30519'],
        pageHeading: 'Plumber in Buford, GA',
        pageBody: dawsonvilleText.replaceAll('Dawsonville', 'Buford').replace('30534', '30519'),
        pagePublished: true,
      });
      const refusal = await updateServiceArea(db(), buford.id, copy).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(InvalidInputError);
      expect((refusal as InvalidInputError).message).toMatch(
        /^This page reads like the Dawsonville, GA town page \(\/service-areas\/dawsonville-ga\): with town names and ZIP codes taken out, 100% of it is the same\./,
      );
      expect((refusal as InvalidInputError).fieldErrors.pageBody).toHaveLength(1);
      // Nothing stored.
      expect((await findTownPage(db(), 'buford-ga')).kind).toBe('none');
      // The same copy kept as a draft is fine: only publishing is refused.
      await updateServiceArea(db(), buford.id, { ...copy, pagePublished: false });
      // Words of its own: published.
      const own = {
        ...copy,
        pageBody:
          '<p>Buford runs on Gwinnett water at high pressure: we fit pressure-reducing valves and expansion tanks, ' +
          'clear roots from clay sewer laterals in the older streets by the square, and install tankless heaters ' +
          'in the new builds around the Mall of Georgia.</p>',
      };
      await updateServiceArea(db(), buford.id, own);
      expect((await findTownPage(db(), 'buford-ga')).kind).toBe('page');
    });
  });
});
