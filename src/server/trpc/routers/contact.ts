import { sendContactMessage } from '../../services/contact.ts';
import { contactInputSchema } from '../../../shared/schemas/contact.ts';
import { publicProcedure, router } from '../init.ts';

export const contactRouter = router({
  send: publicProcedure.input(contactInputSchema).mutation(async ({ ctx, input }) => {
    await sendContactMessage(ctx, input, ctx.clientAddress);
    return { success: true as const };
  }),
});
