import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { reviews, type Review } from '../../../db/schema/index.ts';
import type { ReviewData } from '../../shared/schemas/review.ts';
import { NotFoundError } from '../errors.ts';

/** A review as visitors and the client read it; ids are text on the client (SPEC section 3). */
export interface PublicReview {
  id: string;
  name: string;
  secondName: string | null;
  rating: number;
  review: string;
  createdAt: string;
}

function toPublicReview(row: Review): PublicReview {
  return {
    id: String(row.id),
    name: row.name,
    secondName: row.secondName,
    rating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Visible reviews, newest first. */
export async function listVisibleReviews(db: Database): Promise<PublicReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.isVisible, true))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toPublicReview);
}

/** Stores a review; `visible: false` holds it for the owner's approval. */
export async function createReview(
  db: Database,
  input: ReviewData,
  options: { visible: boolean } = { visible: true },
  now = new Date(),
): Promise<PublicReview> {
  const [row] = await db
    .insert(reviews)
    .values({
      name: input.name,
      secondName: input.secondName,
      rating: input.rating,
      review: input.review,
      isVisible: options.visible,
      createdAt: now,
    })
    .returning();
  return toPublicReview(row!);
}

export interface ModeratedReview extends PublicReview {
  isVisible: boolean;
}

/** Every review, hidden ones included, newest first: the admin's Reviews tab. */
export async function listAllReviews(db: Database): Promise<ModeratedReview[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => ({ ...toPublicReview(row), isVisible: row.isVisible }));
}

export async function setReviewVisible(db: Database, id: number, isVisible: boolean): Promise<void> {
  const updated = await db
    .update(reviews)
    .set({ isVisible })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  if (updated.length === 0) throw new NotFoundError('Review not found');
}

export async function deleteReview(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  if (deleted.length === 0) throw new NotFoundError('Review not found');
}
