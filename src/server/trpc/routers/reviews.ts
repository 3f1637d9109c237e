import { createReview, listVisibleReviews } from '../../services/reviews.ts';
import { reviewInputSchema } from '../../../shared/schemas/review.ts';
import { publicProcedure, router } from '../init.ts';

export const reviewsRouter = router({
  list: publicProcedure.query(({ ctx }) => listVisibleReviews(ctx.db)),
  create: publicProcedure.input(reviewInputSchema).mutation(({ ctx, input }) => createReview(ctx.db, input)),
});
