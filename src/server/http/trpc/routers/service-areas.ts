import { z } from 'zod';
import {
  createServiceArea,
  listServiceAreasForAdmin,
  listShownServiceAreas,
  reorderServiceAreas,
  updateServiceArea,
} from '../../../services/service-areas.ts';
import { saveRowWithHistory, withCurrentVersions } from '../../../services/content/history.ts';
import { trashItem } from '../../../services/content/trash.ts';
import {
  reorderServiceAreasInputSchema,
  serviceAreaFieldsSchema,
  serviceAreaIdSchema,
  updateServiceAreaInputSchema,
} from '../../../../shared/schemas/service-area.ts';
import { actingRequest } from '../../request-context.ts';
import { publicProcedure, router, staffProcedure } from '../init.ts';

/** The shown towns, in order, with their ZIP codes and pages. */
export const serviceAreasRouter = router({
  list: publicProcedure.query(({ ctx }) => listShownServiceAreas(ctx.db)),
});

/**
 * The Service areas tab: every change may alter public pages, so each clears the page cache. Each save
 * is kept in the town's history; one from an older version than the stored one is refused (409).
 */
export const adminServiceAreasRouter = router({
  list: staffProcedure.query(async ({ ctx }) =>
    withCurrentVersions(ctx.db, 'service-area', await listServiceAreasForAdmin(ctx.db)),
  ),
  create: staffProcedure
    .input(serviceAreaFieldsSchema)
    .mutation(({ ctx, input }) =>
      saveRowWithHistory(ctx.db, actingRequest(ctx), { type: 'service-area', id: null }, (tx) =>
        createServiceArea(tx, input, ctx.now()),
      ),
    ),
  update: staffProcedure
    .input(updateServiceAreaInputSchema)
    .mutation(({ ctx, input }) =>
      saveRowWithHistory(
        ctx.db,
        actingRequest(ctx),
        { type: 'service-area', id: input.id, baseVersion: input.version },
        (tx) => updateServiceArea(tx, input.id, input.area, ctx.now()),
      ),
    ),
  reorder: staffProcedure
    .input(reorderServiceAreasInputSchema)
    .mutation(async ({ ctx, input }) =>
      withCurrentVersions(ctx.db, 'service-area', await reorderServiceAreas(ctx.db, input.ids)),
    ),
  /** Moves the town to the Trash: off every list, page and ZIP check at once, restorable from there. */
  delete: staffProcedure.input(z.object({ id: serviceAreaIdSchema })).mutation(async ({ ctx, input }) => {
    await trashItem(ctx.db, actingRequest(ctx), 'service-area', String(input.id));
    return { success: true as const };
  }),
});
