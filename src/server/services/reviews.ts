import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { reviews, type Review } from '../../../db/schema/index.ts';
import type { ReviewData } from '../../shared/schemas/review.ts';

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
  const rows = await db.select().from(reviews).where(eq(reviews.isVisible, true)).orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toPublicReview);
}

export async function createReview(db: Database, input: ReviewData, now = new Date()): Promise<PublicReview> {
  const [row] = await db
    .insert(reviews)
    .values({ name: input.name, secondName: input.secondName, rating: input.rating, review: input.review, createdAt: now })
    .returning();
  return toPublicReview(row!);
}
