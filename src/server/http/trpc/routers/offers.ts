import { z } from 'zod';
import { createOffer, listActiveOffers, listAllOffers, updateOffer } from '../../../services/offers.ts';
import { saveRowWithHistory, withCurrentVersions } from '../../../services/content/history.ts';
import { trashItem } from '../../../services/content/trash.ts';
import { baseVersionSchema } from '../../../../shared/schemas/content.ts';
import { offerIdSchema, offerInputSchema } from '../../../../shared/schemas/offer.ts';
import { actingRequest } from '../../request-context.ts';
import { publicProcedure, router, staffProcedure } from '../init.ts';

export const offersRouter = router({
  /** The offers showing now. */
  active: publicProcedure.query(({ ctx }) => listActiveOffers(ctx.db, ctx.now())),
});

/**
 * Editors and admins alike: offers are content, each save kept in their history. A change empties the
 * pages (staffProcedure).
 */
export const adminOffersRouter = router({
  list: staffProcedure.query(async ({ ctx }) =>
    withCurrentVersions(ctx.db, 'offer', await listAllOffers(ctx.db, ctx.now())),
  ),
  create: staffProcedure
    .input(offerInputSchema)
    .mutation(({ ctx, input }) =>
      saveRowWithHistory(ctx.db, actingRequest(ctx), { type: 'offer', id: null }, (tx) =>
        createOffer(tx, input, ctx.now()),
      ),
    ),
  /** Refused (409, naming who saved and when) when `version` is older than the stored one. */
  update: staffProcedure
    .input(z.object({ id: offerIdSchema, offer: offerInputSchema, version: baseVersionSchema }))
    .mutation(({ ctx, input }) =>
      saveRowWithHistory(
        ctx.db,
        actingRequest(ctx),
        { type: 'offer', id: input.id, baseVersion: input.version },
        (tx) => updateOffer(tx, input.id, input.offer, ctx.now()),
      ),
    ),
  /** Moves the offer to the Trash: off the site at once, restorable from the Trash tab. */
  delete: staffProcedure.input(z.object({ id: offerIdSchema })).mutation(async ({ ctx, input }) => {
    await trashItem(ctx.db, actingRequest(ctx), 'offer', String(input.id));
    return { success: true as const };
  }),
});
