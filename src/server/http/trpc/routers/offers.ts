import { z } from 'zod';
import {
  createOffer,
  deleteOffer,
  listActiveOffers,
  listAllOffers,
  updateOffer,
} from '../../../services/offers.ts';
import { offerIdSchema, offerInputSchema } from '../../../../shared/schemas/offer.ts';
import { publicProcedure, router, staffProcedure } from '../init.ts';

export const offersRouter = router({
  /** The offers showing now. */
  active: publicProcedure.query(({ ctx }) => listActiveOffers(ctx.db, ctx.now())),
});

/** Editors and admins alike: offers are content. A change empties the pages (staffProcedure). */
export const adminOffersRouter = router({
  list: staffProcedure.query(({ ctx }) => listAllOffers(ctx.db, ctx.now())),
  create: staffProcedure
    .input(offerInputSchema)
    .mutation(({ ctx, input }) => createOffer(ctx.db, input, ctx.now())),
  update: staffProcedure
    .input(z.object({ id: offerIdSchema, offer: offerInputSchema }))
    .mutation(({ ctx, input }) => updateOffer(ctx.db, input.id, input.offer, ctx.now())),
  delete: staffProcedure.input(z.object({ id: offerIdSchema })).mutation(async ({ ctx, input }) => {
    await deleteOffer(ctx.db, input.id);
    return { success: true as const };
  }),
});
