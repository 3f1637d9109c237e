import { z } from 'zod';
import {
  createServiceArea,
  deleteServiceArea,
  listServiceAreasForAdmin,
  listShownServiceAreas,
  reorderServiceAreas,
  updateServiceArea,
} from '../../../services/service-areas.ts';
import {
  reorderServiceAreasInputSchema,
  serviceAreaFieldsSchema,
  serviceAreaIdSchema,
  updateServiceAreaInputSchema,
} from '../../../../shared/schemas/service-area.ts';
import { publicProcedure, router, staffProcedure } from '../init.ts';

/** The shown towns, in order, with their ZIP codes and pages. */
export const serviceAreasRouter = router({
  list: publicProcedure.query(({ ctx }) => listShownServiceAreas(ctx.db)),
});

/** The Service areas tab: every change may alter public pages, so each clears the page cache. */
export const adminServiceAreasRouter = router({
  list: staffProcedure.query(({ ctx }) => listServiceAreasForAdmin(ctx.db)),
  create: staffProcedure
    .input(serviceAreaFieldsSchema)
    .mutation(({ ctx, input }) => createServiceArea(ctx.db, input, ctx.now())),
  update: staffProcedure
    .input(updateServiceAreaInputSchema)
    .mutation(({ ctx, input }) => updateServiceArea(ctx.db, input.id, input.area, ctx.now())),
  reorder: staffProcedure
    .input(reorderServiceAreasInputSchema)
    .mutation(({ ctx, input }) => reorderServiceAreas(ctx.db, input.ids)),
  delete: staffProcedure.input(z.object({ id: serviceAreaIdSchema })).mutation(async ({ ctx, input }) => {
    await deleteServiceArea(ctx.db, input.id);
    return { success: true as const };
  }),
});
