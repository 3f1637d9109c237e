import { z } from 'zod';
import { createReviewRequest, listReviewRequests, unsubscribe } from '../../../services/review-requests.ts';
import { reviewRequestInputSchema } from '../../../../shared/schemas/review-request.ts';
import { recordActivityBy } from '../../../services/activity-log.ts';
import { actingRequest } from '../../request-context.ts';
import { publicProcedure, router, staffInternalProcedure } from '../init.ts';

/** The owner asks customers for a review and reads the request log; nothing here changes a page. */
export const adminReviewRequestsRouter = router({
  list: staffInternalProcedure.query(({ ctx }) => listReviewRequests(ctx.db)),
  create: staffInternalProcedure.input(reviewRequestInputSchema).mutation(async ({ ctx, input }) => {
    const request = await createReviewRequest(ctx.db, input, ctx.reviewRequestMailer.now());
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'review-requested',
      summary: `Asked ${input.name} for a review`,
      details: { reviewRequest: request.id, ...(input.leadId ? { leadId: input.leadId } : {}) },
    });
    // Sent now rather than at the next look at the outbox.
    ctx.reviewRequestMailer.wake();
    return request;
  }),
});

export const reviewRequestsRouter = router({
  /** The button on the unsubscribe page (a link in an email only opens the page). */
  unsubscribe: publicProcedure
    .input(z.object({ token: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => unsubscribe(ctx.db, input.token, ctx.reviewRequestMailer.now())),
});
