import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { offers } from '../../../db/schema/index.ts';
import { setCompanyTimeZone, DEFAULT_COMPANY_TIME_ZONE } from '../../shared/company-time.ts';
import { offerInputSchema } from '../../shared/schemas/offer.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import { seedBuiltInOffers } from '../../../db/seed-offers.ts';
import {
  createOffer,
  drawnCouponAt,
  listActiveOffers,
  listAllOffers,
  nextOfferChange,
  updateOffer,
} from './offers.ts';
import { actingWithoutRequest } from './activity-log.ts';
import { trashItem } from './content/trash.ts';
import { getSettings, saveSettings } from './settings.ts';

const server = actingWithoutRequest({ userId: null, username: null });

const now = new Date('2026-12-01T15:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe(`offers (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedBuiltInOffers(handle.db);
  });
  afterAll(async () => {
    setCompanyTimeZone(DEFAULT_COMPANY_TIME_ZONE);
    await handle.close();
  });

  it('a new site has the two offers it always showed, in order, with their words, written once', async () => {
    await seedBuiltInOffers(handle.db);
    const shown = await listActiveOffers(handle.db, now);
    expect(shown.map((offer) => offer.heading)).toEqual([
      '$25 Off Any Plumbing Service',
      '$50 Off Your First Service',
    ]);
    expect(shown[0]).toMatchObject({
      picture: 'drawn',
      downloadName: 'coupon-25-off.png',
      finePrint: ['Mention this coupon when you call', 'Cannot be combined with other offers'],
      pictureAlt:
        'Coupon: $25 Off Any Plumbing Service. Mention this coupon when you call. Cannot be combined with other offers.',
    });
    expect(shown[0]!.pictureUrl).toMatch(/^\/offers\/\d+\/coupon-25-off\.[0-9a-f]{12}\.png$/);
    expect(shown[1]).toMatchObject({
      audience: 'new-customers',
      showCallLink: true,
      showEstimateLink: true,
      pictureUrl: null,
      finePrint: [
        'Valid for new customers only',
        'Minimum service charge applies',
        'Cannot be combined with other offers',
      ],
    });
  });

  it('shows an offer from its start until its end, lists it for the owner after, and knows the next change', async () => {
    const soon = await createOffer(
      handle.db,
      offerInputSchema.parse({
        title: 'Drain Cleaning',
        amount: '$40 Off',
        startsAt: minutes(10).toISOString(),
        endsAt: minutes(130).toISOString(),
        sortOrder: 3,
      }),
      now,
    );
    expect(soon.status).toBe('scheduled');
    expect(await nextOfferChange(handle.db, now)).toEqual(minutes(10));
    expect((await listActiveOffers(handle.db, now)).map((offer) => offer.id)).not.toContain(soon.id);
    expect((await listActiveOffers(handle.db, minutes(10))).map((offer) => offer.id)).toContain(soon.id);
    expect(await nextOfferChange(handle.db, minutes(10))).toEqual(minutes(130));
    expect((await listActiveOffers(handle.db, minutes(130))).map((offer) => offer.id)).not.toContain(soon.id);
    expect(await nextOfferChange(handle.db, minutes(130))).toBeNull();
    const listed = await listAllOffers(handle.db, minutes(131));
    expect(listed.find((offer) => offer.id === soon.id)?.status).toBe('ended');
    await trashItem(handle.db, server, 'offer', String(soon.id));
  });

  it('reads times typed in the form on the company clocks, across a change of the clocks and of zone', () => {
    // 01:30 on the night the clocks fall back is the first 01:30 (EDT).
    expect(
      offerInputSchema.parse({ title: 'x', amount: 'y', startsAt: '2026-11-01T01:30' }).startsAt,
    ).toEqual(new Date('2026-11-01T05:30:00Z'));
    setCompanyTimeZone('America/Denver');
    expect(offerInputSchema.parse({ title: 'x', amount: 'y', endsAt: '2026-12-01T08:00' }).endsAt).toEqual(
      new Date('2026-12-01T15:00:00Z'),
    );
    setCompanyTimeZone(DEFAULT_COMPANY_TIME_ZONE);
  });

  it('draws the coupon from the words as they are now: new words, a new address, the old one gone', async () => {
    const [coupon] = await listActiveOffers(handle.db, now);
    const svg = await drawnCouponAt(handle.db, coupon!.id, coupon!.pictureUrl!, now);
    expect(svg).toContain('$25 OFF');
    expect(svg).toContain('Any Plumbing Service');
    const [row] = await handle.db.select().from(offers).limit(1);
    const changed = await updateOffer(
      handle.db,
      coupon!.id,
      offerInputSchema.parse({ ...row!, amount: '$30 Off', startsAt: null, endsAt: null }),
      now,
    );
    expect(changed.pictureUrl).toMatch(/\/coupon-30-off\.[0-9a-f]{12}\.png$/);
    expect(await drawnCouponAt(handle.db, coupon!.id, coupon!.pictureUrl!, now)).toBeNull();
    expect(await drawnCouponAt(handle.db, coupon!.id, changed.pictureUrl!, now)).toContain('$30 OFF');
  });

  it("draws the coupon in the owner's brand colours: new colours, a new address", async () => {
    const [before] = await listActiveOffers(handle.db, now);
    const settings = await getSettings(handle.db);
    const drawnBefore = await drawnCouponAt(handle.db, before!.id, before!.pictureUrl!, now);
    expect(drawnBefore).toContain(`fill="${settings.brandPrimaryColor}"`);
    expect(drawnBefore).not.toContain('#166534');
    try {
      await saveSettings(handle.db, {
        ...settings,
        brandPrimaryColor: '#166534',
        brandAccentColor: '#9d174d',
      });
      const [after] = await listActiveOffers(handle.db, now);
      expect(after!.pictureUrl).not.toBe(before!.pictureUrl);
      expect(await drawnCouponAt(handle.db, before!.id, before!.pictureUrl!, now)).toBeNull();
      const drawn = await drawnCouponAt(handle.db, after!.id, after!.pictureUrl!, now);
      // The amount and the panel in the main colour, the title and the divider in the accent.
      expect(drawn).toContain('font-weight="bold" font-size="116" fill="#166534"');
      expect(drawn).toMatch(/font-weight="bold" font-size="\d+" fill="#9d174d">Any Plumbing Service/);
      expect(drawn).toContain('<stop offset="0" stop-color="#166534"/>');
      expect(drawn).toContain('width="10" height="420" fill="#9d174d"');
    } finally {
      await saveSettings(handle.db, settings);
    }
  });

  it('answers not found for an offer that is not there', async () => {
    await expect(trashItem(handle.db, server, 'offer', '999999')).rejects.toThrow('Offer not found');
    await expect(
      updateOffer(handle.db, 999_999, offerInputSchema.parse({ title: 'x', amount: 'y' }), now),
    ).rejects.toThrow('Offer not found');
  });
});
