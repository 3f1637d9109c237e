import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { reviews, type Review } from '../../../db/schema/index.ts';
import { REVIEWS_CLOSED_MESSAGE } from '../../shared/review-rules.ts';
import type { PublicReview, ReviewData } from '../../shared/schemas/review.ts';
import { looksLikeBot } from '../../shared/schemas/spam.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { enforceActionLimit } from './rate-limits.ts';
import { linkRequestToReview, spendReviewToken } from './review-requests.ts';
import { getSettings } from './settings.ts';

export type { PublicReview };

function toPublicReview(row: Review): PublicReview {
  return {
    id: String(row.id),
    name: row.name,
    secondName: row.secondName,
    rating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
    verified: row.verified,
    jobMonth: row.verified ? row.jobMonth : null,
    town: row.verified ? row.town : null,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/** A review by id, unless it is in the Trash. */
function liveReview(id: number) {
  return and(eq(reviews.id, id), isNull(reviews.deletedAt));
}

/** Visible reviews, newest first. */
export async function listVisibleReviews(db: Database): Promise<PublicReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.isVisible, true), isNull(reviews.deletedAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toPublicReview);
}

/**
 * Stores a review; `visible: false` holds it for the owner's approval, `spam: true` keeps it hidden in
 * the spam folder.
 */
export async function createReview(
  db: Pick<Database, 'insert'>,
  input: Pick<ReviewData, 'name' | 'secondName' | 'rating' | 'review'>,
  options: {
    visible: boolean;
    spam?: boolean;
    /** Sent through a review request's personal link: that job's month and town. */
    verifiedJob?: { jobMonth: string; town: string | null };
  } = { visible: true },
  now = new Date(),
): Promise<PublicReview> {
  const spam = options.spam ?? false;
  const [row] = await db
    .insert(reviews)
    .values({
      name: input.name,
      secondName: input.secondName,
      rating: input.rating,
      review: input.review,
      isVisible: options.visible && !spam,
      isSpam: spam,
      verified: Boolean(options.verifiedJob),
      jobMonth: options.verifiedJob?.jobMonth ?? null,
      town: options.verifiedJob?.town ?? null,
      createdAt: now,
    })
    .returning();
  return toPublicReview(row!);
}

export interface SubmittedReview {
  review: PublicReview;
  /** Waiting for the owner's approval, as far as the visitor is told. */
  pending: boolean;
  /** Visitors see it now: the pages listing reviews have changed. */
  published: boolean;
}

/**
 * A visitor's review, whichever way it arrives: refused while the owner has reviews closed, limited per
 * address, then published or held for approval as the owner chose. One sent the way a bot sends is
 * kept hidden as spam, and its sender is told what a person would be told. With a review request's
 * token it is a verified customer's, the token is spent in the same transaction, and it is held or
 * published exactly as any other: neither holding nor the spam checks ever look at the stars.
 */
export async function submitReview(
  db: Database,
  input: ReviewData,
  clientAddress: string,
  now = new Date(),
): Promise<SubmittedReview> {
  const settings = await getSettings(db);
  if (!settings.allowComments) throw new ForbiddenError(REVIEWS_CLOSED_MESSAGE);
  await enforceActionLimit(db, 'review', clientAddress, now);
  const held = settings.holdReviewsForApproval;
  const spam = looksLikeBot(input);
  const { token } = input;
  const review = token
    ? await db.transaction(async (tx) => {
        const request = await spendReviewToken(tx, token, now);
        const created = await createReview(tx, input, { visible: !held, spam, verifiedJob: request }, now);
        await linkRequestToReview(tx, request.id, Number(created.id));
        return created;
      })
    : await createReview(db, input, { visible: !held, spam }, now);
  return { review, pending: held, published: !held && !spam };
}

export interface ModeratedReview extends PublicReview {
  isVisible: boolean;
  isSpam: boolean;
}

/**
 * The admin's Reviews tab, newest first: every review but spam, hidden ones included, or with
 * `spam: true` the spam folder alone.
 */
export async function listAllReviews(
  db: Database,
  filter: { spam?: boolean } = {},
): Promise<ModeratedReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.isSpam, filter.spam ?? false), isNull(reviews.deletedAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => ({ ...toPublicReview(row), isVisible: row.isVisible, isSpam: row.isSpam }));
}

/** Showing a review the checks took for spam is also saying it is not spam. */
export async function setReviewVisible(db: Database, id: number, isVisible: boolean): Promise<void> {
  const updated = await db
    .update(reviews)
    .set(isVisible ? { isVisible, isSpam: false } : { isVisible })
    .where(liveReview(id))
    .returning({ id: reviews.id });
  if (updated.length === 0) throw new NotFoundError('Review not found');
}

/**
 * "Not spam": the review becomes what it would have been from a person, published, or held when the
 * owner holds reviews for approval. Answers whether visitors now see it.
 */
export async function restoreSpamReview(db: Database, id: number): Promise<{ published: boolean }> {
  const { holdReviewsForApproval } = await getSettings(db);
  const updated = await db
    .update(reviews)
    .set({ isSpam: false, isVisible: !holdReviewsForApproval })
    .where(and(liveReview(id), eq(reviews.isSpam, true)))
    .returning({ id: reviews.id });
  if (updated.length === 0) throw new NotFoundError('No such review in the spam folder');
  return { published: !holdReviewsForApproval };
}

/** The owner's public answer under a review; an empty one takes the answer away. */
export async function setReviewReply(
  db: Database,
  id: number,
  reply: string,
  now = new Date(),
): Promise<ModeratedReview> {
  const text = reply.trim();
  const [row] = await db
    .update(reviews)
    .set(text ? { reply: text, repliedAt: now } : { reply: null, repliedAt: null })
    .where(liveReview(id))
    .returning();
  if (!row) throw new NotFoundError('Review not found');
  return { ...toPublicReview(row), isVisible: row.isVisible, isSpam: row.isSpam };
}
