import { z } from 'zod';
import {
  createReview,
  deleteReview,
  listAllReviews,
  listVisibleReviews,
  setReviewVisible,
} from '../../services/reviews.ts';
import { getSettings } from '../../services/settings.ts';
import {
  REVIEW_HELD_MESSAGE,
  REVIEWS_CLOSED_MESSAGE,
  reviewInputSchema,
} from '../../../shared/schemas/review.ts';
import { looksLikeBot } from '../../../shared/schemas/spam.ts';
import { ForbiddenError } from '../../errors.ts';
import { publicProcedure, router, staffProcedure } from '../init.ts';

export { REVIEW_HELD_MESSAGE, REVIEWS_CLOSED_MESSAGE };

const reviewId = z.object({ id: z.coerce.number().int().positive() });

export const reviewsRouter = router({
  list: publicProcedure.query(({ ctx }) => listVisibleReviews(ctx.db)),
  create: publicProcedure.input(reviewInputSchema).mutation(async ({ ctx, input }) => {
    const settings = await getSettings(ctx.db);
    if (!settings.allowComments) throw new ForbiddenError(REVIEWS_CLOSED_MESSAGE);
    const held = settings.holdReviewsForApproval;
    if (looksLikeBot(input)) {
      // Looks accepted to the bot; stored nowhere.
      return {
        review: {
          id: String(Date.now()),
          name: input.name,
          secondName: input.secondName,
          rating: input.rating,
          review: input.review,
          createdAt: new Date().toISOString(),
        },
        pending: held,
      };
    }
    const review = await createReview(ctx.db, input, { visible: !held });
    return { review, pending: held };
  }),
});

/** The Reviews tab: staff hide, show and delete reviews. */
export const adminReviewsRouter = router({
  list: staffProcedure.query(({ ctx }) => listAllReviews(ctx.db)),
  setVisible: staffProcedure
    .input(reviewId.extend({ isVisible: z.boolean() }))
    .mutation(({ ctx, input }) => setReviewVisible(ctx.db, input.id, input.isVisible)),
  delete: staffProcedure.input(reviewId).mutation(({ ctx, input }) => deleteReview(ctx.db, input.id)),
});
