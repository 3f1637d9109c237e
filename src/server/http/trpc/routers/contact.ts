import { leadOrigin } from '../../../services/analytics.ts';
import { sendContactMessage } from '../../../services/contact.ts';
import { contactInputSchema } from '../../../../shared/schemas/contact.ts';
import { publicProcedure, router } from '../init.ts';

export const contactRouter = router({
  send: publicProcedure.input(contactInputSchema).mutation(async ({ ctx, input }) => {
    // Where the lead came from (its page and the visitor's source today), for the Dashboard.
    const origin = await leadOrigin(ctx.analytics, ctx.db, {
      address: ctx.clientAddress,
      userAgent: ctx.userAgent,
      referer: ctx.referer,
      host: ctx.host,
    });
    await sendContactMessage(ctx, { ...input, ...origin }, ctx.clientAddress);
    return { success: true as const };
  }),
});
