// The offers the site advertises. Whether one shows is decided by its start and end against the time
// of the read, in every read (pages, GET /api/offers, the coupon file): nothing has to run at the
// moment an offer ends for it to stop showing. What does run then is OfferTimer
// (src/server/background/offer-timer.ts), which empties the pages rendered while it still showed.
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { offers, type OfferRow } from '../../../db/schema/index.ts';
import { companyTimeZone } from '../../shared/company-time.ts';
import type { AdminOffer, OfferData, PublicOffer } from '../../shared/schemas/offer.ts';
import { instantToWallTime } from '../../shared/zoned-time.ts';
import { NotFoundError } from '../errors.ts';
import {
  couponBaseName,
  couponPath,
  couponSvg,
  type CouponColours,
  type CouponWords,
} from './offer-coupons.ts';
import { getSettings } from './settings.ts';

export const OFFER_NOT_FOUND_MESSAGE = 'Offer not found';

function finePrintLines(finePrint: string): string[] {
  return finePrint
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function couponWordsOf(row: OfferRow, colours: CouponColours): CouponWords {
  return {
    id: row.id,
    amount: row.amount,
    title: row.title,
    finePrint: finePrintLines(row.finePrint),
    colours,
  };
}

/**
 * The colours drawn coupons take: the owner's brand colours, so a coupon matches the site it is on. A
 * change of colours draws every coupon anew, at a new address (couponPath hashes the drawing).
 */
async function couponColours(db: Database): Promise<CouponColours> {
  const { brandPrimaryColor, brandAccentColor } = await getSettings(db);
  return { brandPrimaryColor, brandAccentColor };
}

/** What a drawn coupon says, for those who cannot see it: the same words. */
function drawnAlt(row: OfferRow): string {
  return [`Coupon: ${row.amount} ${row.title}`, ...finePrintLines(row.finePrint)]
    .map((sentence) => sentence.replace(/[.\s]+$/, ''))
    .join('. ')
    .concat('.');
}

function toPublicOffer(row: OfferRow, colours: CouponColours): PublicOffer {
  const drawn = row.picture === 'drawn';
  return {
    id: row.id,
    title: row.title,
    amount: row.amount,
    heading: `${row.amount} ${row.title}`,
    description: row.description,
    finePrint: finePrintLines(row.finePrint),
    audience: row.audience,
    showCallLink: row.showCallLink,
    showEstimateLink: row.showEstimateLink,
    picture: row.picture,
    pictureUrl: drawn
      ? couponPath(couponWordsOf(row, colours))
      : row.picture === 'uploaded'
        ? row.pictureUrl
        : null,
    pictureAlt: drawn ? drawnAlt(row) : row.picture === 'uploaded' ? row.pictureAlt : '',
    downloadName: drawn ? `${couponBaseName(row.amount)}.png` : null,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    sortOrder: row.sortOrder,
  };
}

function statusAt(row: OfferRow, now: Date): AdminOffer['status'] {
  if (row.endsAt && row.endsAt <= now) return 'ended';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  return 'active';
}

function toAdminOffer(row: OfferRow, now: Date, colours: CouponColours): AdminOffer {
  const local = (at: Date | null) => (at ? instantToWallTime(at, companyTimeZone()) : '');
  return {
    ...toPublicOffer(row, colours),
    status: statusAt(row, now),
    startsAtLocal: local(row.startsAt),
    endsAtLocal: local(row.endsAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Not in the Trash: every read but the Trash's own leaves trashed offers out. */
const liveOffer = isNull(offers.deletedAt);

/** Shows at `now`: not in the Trash, started (or no start) and not yet ended (or no end). */
function activeAt(now: Date) {
  return and(
    liveOffer,
    or(isNull(offers.startsAt), lte(offers.startsAt, now)),
    or(isNull(offers.endsAt), gt(offers.endsAt, now)),
  );
}

const shownOrder = [asc(offers.sortOrder), asc(offers.id)];

/** GET /api/offers and the home page: the offers showing at `now`, in the owner's order. */
export async function listActiveOffers(db: Database, now: Date): Promise<PublicOffer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(activeAt(now))
    .orderBy(...shownOrder);
  const colours = await couponColours(db);
  return rows.map((row) => toPublicOffer(row, colours));
}

/** The owner's list: every offer, ended ones too, with whether each shows at `now`. */
export async function listAllOffers(db: Database, now: Date): Promise<AdminOffer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(liveOffer)
    .orderBy(...shownOrder);
  const colours = await couponColours(db);
  return rows.map((row) => toAdminOffer(row, now, colours));
}

export async function createOffer(db: Database, data: OfferData, now: Date): Promise<AdminOffer> {
  const [row] = await db
    .insert(offers)
    .values({ ...data, createdAt: now, updatedAt: now })
    .returning();
  return toAdminOffer(row!, now, await couponColours(db));
}

export async function updateOffer(db: Database, id: number, data: OfferData, now: Date): Promise<AdminOffer> {
  const [row] = await db
    .update(offers)
    .set({ ...data, updatedAt: now })
    .where(and(eq(offers.id, id), liveOffer))
    .returning();
  if (!row) throw new NotFoundError(OFFER_NOT_FOUND_MESSAGE);
  return toAdminOffer(row, now, await couponColours(db));
}

/** The next moment after `now` at which an offer starts or ends: what visitors see changes then. */
export async function nextOfferChange(db: Database, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const [row] = await db
    .select({
      next: sql<Date | string | null>`least(
        min(${offers.startsAt}) filter (where ${offers.startsAt} > ${at}::timestamptz),
        min(${offers.endsAt}) filter (where ${offers.endsAt} > ${at}::timestamptz))`,
    })
    .from(offers)
    .where(liveOffer);
  return row?.next ? new Date(row.next) : null;
}

/**
 * The SVG of the drawn coupon at `path` (/offers/<id>/<name>.<hash>.png), while that offer shows and
 * its words are still those the address was made from; null otherwise.
 */
export async function drawnCouponAt(
  db: Database,
  id: number,
  path: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), activeAt(now)));
  if (!row || row.picture !== 'drawn') return null;
  const words = couponWordsOf(row, await couponColours(db));
  return couponPath(words) === path ? couponSvg(words) : null;
}
