import { z } from 'zod';
import {
  listAllReviews,
  listVisibleReviews,
  restoreSpamReview,
  setReviewReply,
  setReviewVisible,
  submitReview,
} from '../../../services/reviews.ts';
import {
  REVIEW_HELD_MESSAGE,
  REVIEWS_CLOSED_MESSAGE,
  reviewInputSchema,
} from '../../../../shared/schemas/review.ts';
import { reviewReplyInputSchema } from '../../../../shared/schemas/review-request.ts';
import { trashItem } from '../../../services/content/trash.ts';
import { recordItemActivity } from '../../../services/content/item-activity.ts';
import { actingRequest } from '../../request-context.ts';
import { publicProcedure, router, staffInternalProcedure } from '../init.ts';

export { REVIEW_HELD_MESSAGE, REVIEWS_CLOSED_MESSAGE };

const reviewId = z.object({ id: z.coerce.number().int().positive() });

export const reviewsRouter = router({
  list: publicProcedure.query(({ ctx }) => listVisibleReviews(ctx.db)),
  create: publicProcedure.input(reviewInputSchema).mutation(async ({ ctx, input }) => {
    const { review, pending, published } = await submitReview(
      ctx.db,
      input,
      ctx.clientAddress,
      ctx.reviewRequestMailer.now(),
    );
    if (published) ctx.contentChanged(['reviews']);
    return { review, pending };
  }),
});

/** The Reviews tab: staff hide, show and delete reviews, and go through the spam folder. */
export const adminReviewsRouter = router({
  list: staffInternalProcedure
    .input(z.object({ spam: z.boolean().optional() }).optional())
    .query(({ ctx, input }) => listAllReviews(ctx.db, input ?? {})),
  setVisible: staffInternalProcedure
    .input(reviewId.extend({ isVisible: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await setReviewVisible(ctx.db, input.id, input.isVisible);
      await recordItemActivity(ctx.db, actingRequest(ctx), {
        kind: input.isVisible ? 'content-published' : 'content-unpublished',
        type: 'review',
        key: String(input.id),
        summary: (item) => `${input.isVisible ? 'Showed' : 'Hid'} ${item}`,
        fields: ['isVisible'],
      });
      ctx.contentChanged(['reviews']);
    }),
  /** Moves the review to the Trash, where it can be restored with everything it had. */
  delete: staffInternalProcedure.input(reviewId).mutation(async ({ ctx, input }) => {
    const { tables } = await trashItem(ctx.db, actingRequest(ctx), 'review', String(input.id));
    ctx.contentChanged(tables);
  }),
  /** The owner's public answer; shown under a visible review at once. */
  reply: staffInternalProcedure
    .input(reviewId.extend(reviewReplyInputSchema.shape))
    .mutation(async ({ ctx, input }) => {
      const review = await setReviewReply(ctx.db, input.id, input.reply, ctx.reviewRequestMailer.now());
      await recordItemActivity(ctx.db, actingRequest(ctx), {
        kind: 'content-edited',
        type: 'review',
        key: String(input.id),
        summary: (item) => `${review.reply ? 'Replied to' : 'Removed the reply to'} ${item}`,
        fields: ['reply'],
      });
      if (review.isVisible) ctx.contentChanged(['reviews']);
      return review;
    }),
  notSpam: staffInternalProcedure.input(reviewId).mutation(async ({ ctx, input }) => {
    const { published } = await restoreSpamReview(ctx.db, input.id);
    await recordItemActivity(ctx.db, actingRequest(ctx), {
      kind: 'content-restored',
      type: 'review',
      key: String(input.id),
      summary: (item) => `Took ${item} out of Spam${published ? ' and published it' : ''}`,
    });
    if (published) ctx.contentChanged(['reviews']);
  }),
});
