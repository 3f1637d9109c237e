import { z } from 'zod';
import {
  createFaq,
  createService,
  findShownService,
  listFaqsForAdmin,
  listServicesForAdmin,
  listShownFaqs,
  listShownServices,
  reorderServices,
  updateFaq,
  updateService,
} from '../../../services/service-catalog.ts';
import { saveRowWithHistory, withCurrentVersions } from '../../../services/content/history.ts';
import { trashItem } from '../../../services/content/trash.ts';
import {
  faqIdSchema,
  faqInputSchema,
  serviceIdSchema,
  serviceInputSchema,
  serviceOrderSchema,
  serviceSlugParamSchema,
} from '../../../../shared/schemas/service.ts';
import { baseVersionSchema } from '../../../../shared/schemas/content.ts';
import { actingRequest } from '../../request-context.ts';
import { publicProcedure, router, staffProcedure } from '../init.ts';

export const servicesRouter = router({
  list: publicProcedure.query(({ ctx }) => listShownServices(ctx.db)),
  /** A service by its address; one it had before answers `movedTo` with the current one. */
  bySlug: publicProcedure
    .input(z.object({ slug: serviceSlugParamSchema }))
    .query(({ ctx, input }) => findShownService(ctx.db, input.slug)),
  faqs: publicProcedure.query(({ ctx }) => listShownFaqs(ctx.db)),
});

// Services and questions are content: editors change them as they change posts, each save kept in
// their history, and a save from an older version than the stored one refused (409).
export const adminServicesRouter = router({
  list: staffProcedure.query(async ({ ctx }) =>
    withCurrentVersions(ctx.db, 'service', await listServicesForAdmin(ctx.db)),
  ),
  create: staffProcedure
    .input(serviceInputSchema)
    .mutation(({ ctx, input }) =>
      saveRowWithHistory(ctx.db, actingRequest(ctx), { type: 'service', id: null }, (tx) =>
        createService(tx, input, ctx.now()),
      ),
    ),
  update: staffProcedure
    .input(serviceInputSchema.extend({ id: serviceIdSchema, version: baseVersionSchema }))
    .mutation(({ ctx, input: { id, version, ...input } }) =>
      saveRowWithHistory(ctx.db, actingRequest(ctx), { type: 'service', id, baseVersion: version }, (tx) =>
        updateService(tx, id, input, ctx.now()),
      ),
    ),
  /** Moves the service, and with it its questions, to the Trash. */
  delete: staffProcedure.input(z.object({ id: serviceIdSchema })).mutation(async ({ ctx, input }) => {
    await trashItem(ctx.db, actingRequest(ctx), 'service', String(input.id));
    return { success: true as const };
  }),
  reorder: staffProcedure
    .input(serviceOrderSchema)
    .mutation(async ({ ctx, input }) =>
      withCurrentVersions(ctx.db, 'service', await reorderServices(ctx.db, input.ids)),
    ),
});

export const adminFaqsRouter = router({
  list: staffProcedure.query(async ({ ctx }) =>
    withCurrentVersions(ctx.db, 'faq', await listFaqsForAdmin(ctx.db)),
  ),
  create: staffProcedure
    .input(faqInputSchema)
    .mutation(({ ctx, input }) =>
      saveRowWithHistory(ctx.db, actingRequest(ctx), { type: 'faq', id: null }, (tx) =>
        createFaq(tx, input, ctx.now()),
      ),
    ),
  update: staffProcedure
    .input(faqInputSchema.extend({ id: faqIdSchema, version: baseVersionSchema }))
    .mutation(({ ctx, input: { id, version, ...input } }) =>
      saveRowWithHistory(ctx.db, actingRequest(ctx), { type: 'faq', id, baseVersion: version }, (tx) =>
        updateFaq(tx, id, input, ctx.now()),
      ),
    ),
  delete: staffProcedure.input(z.object({ id: faqIdSchema })).mutation(async ({ ctx, input }) => {
    await trashItem(ctx.db, actingRequest(ctx), 'faq', String(input.id));
    return { success: true as const };
  }),
});
