import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { contactSubmissions, reviews } from '../../../db/schema/index.ts';
import { deleteOldActivity } from './activity-log.ts';
import { purgeExpiredTrash } from './content/trash.ts';
import type { PurgeContext } from './content/registry.ts';
import { deleteExpiredRateLimits } from './rate-limits.ts';
import { removeDeletedBookingPhotos } from './booking-photos.ts';

/** How long the spam folders keep what the bot checks caught, for the owner to look through. */
export const SPAM_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export interface SweepResult {
  spamLeads: number;
  spamReviews: number;
  rateLimits: number;
  activity: number;
  /** Items deleted for good after their days in the Trash. */
  trash: number;
  /** Files of photos whose booking was deleted. */
  bookingPhotos: number;
}

/**
 * Deletes what has outlived its use: spam older than the spam folders keep it, limit counters whose
 * window has ended, activity older than the log keeps it, items whose days in the Trash are up, and
 * the files of photos whose booking was deleted. What is due is read from the rows themselves, so a
 * sweep missed while the server was down is made up by the next one, and sweeps of several instances
 * at once delete each row once.
 */
export async function sweepExpired(
  db: Database,
  context: PurgeContext,
  now = new Date(),
): Promise<SweepResult> {
  const spamBefore = new Date(now.getTime() - SPAM_KEPT_MS);
  const spamLeads = await db
    .delete(contactSubmissions)
    .where(and(eq(contactSubmissions.isSpam, true), lt(contactSubmissions.createdAt, spamBefore)))
    .returning({ id: contactSubmissions.id });
  const spamReviews = await db
    .delete(reviews)
    .where(and(eq(reviews.isSpam, true), lt(reviews.createdAt, spamBefore)))
    .returning({ id: reviews.id });
  return {
    spamLeads: spamLeads.length,
    spamReviews: spamReviews.length,
    rateLimits: await deleteExpiredRateLimits(db, now),
    activity: await deleteOldActivity(db, now),
    trash: await purgeExpiredTrash(db, context, now),
    bookingPhotos: await removeDeletedBookingPhotos(db, context.fileStore),
  };
}
