import { z } from 'zod';
import {
  createFaq,
  createService,
  deleteFaq,
  deleteService,
  findShownService,
  listFaqsForAdmin,
  listServicesForAdmin,
  listShownFaqs,
  listShownServices,
  reorderServices,
  updateFaq,
  updateService,
} from '../../../services/service-catalog.ts';
import {
  faqIdSchema,
  faqInputSchema,
  serviceIdSchema,
  serviceInputSchema,
  serviceOrderSchema,
  serviceSlugParamSchema,
} from '../../../../shared/schemas/service.ts';
import { publicProcedure, router, staffProcedure } from '../init.ts';

export const servicesRouter = router({
  list: publicProcedure.query(({ ctx }) => listShownServices(ctx.db)),
  /** A service by its address; one it had before answers `movedTo` with the current one. */
  bySlug: publicProcedure
    .input(z.object({ slug: serviceSlugParamSchema }))
    .query(({ ctx, input }) => findShownService(ctx.db, input.slug)),
  faqs: publicProcedure.query(({ ctx }) => listShownFaqs(ctx.db)),
});

// Services and questions are content: editors change them as they change posts.
export const adminServicesRouter = router({
  list: staffProcedure.query(({ ctx }) => listServicesForAdmin(ctx.db)),
  create: staffProcedure.input(serviceInputSchema).mutation(({ ctx, input }) => createService(ctx.db, input)),
  update: staffProcedure
    .input(serviceInputSchema.extend({ id: serviceIdSchema }))
    .mutation(({ ctx, input: { id, ...input } }) => updateService(ctx.db, id, input)),
  delete: staffProcedure.input(z.object({ id: serviceIdSchema })).mutation(async ({ ctx, input }) => {
    await deleteService(ctx.db, input.id);
    return { success: true as const };
  }),
  reorder: staffProcedure
    .input(serviceOrderSchema)
    .mutation(({ ctx, input }) => reorderServices(ctx.db, input.ids)),
});

export const adminFaqsRouter = router({
  list: staffProcedure.query(({ ctx }) => listFaqsForAdmin(ctx.db)),
  create: staffProcedure.input(faqInputSchema).mutation(({ ctx, input }) => createFaq(ctx.db, input)),
  update: staffProcedure
    .input(faqInputSchema.extend({ id: faqIdSchema }))
    .mutation(({ ctx, input: { id, ...input } }) => updateFaq(ctx.db, id, input)),
  delete: staffProcedure.input(z.object({ id: faqIdSchema })).mutation(async ({ ctx, input }) => {
    await deleteFaq(ctx.db, input.id);
    return { success: true as const };
  }),
});
