import { listSeoOverrides, saveSeoOverride } from '../../../services/seo-overrides.ts';
import { seoOverrideInputSchema } from '../../../../shared/schemas/seo-override.ts';
import { adminProcedure, router } from '../init.ts';

// Settings, "Search & sharing": per-page metadata is a setting, so it is the admin's alone.
export const adminSeoRouter = router({
  list: adminProcedure.query(({ ctx }) => listSeoOverrides(ctx.db)),
  save: adminProcedure
    .input(seoOverrideInputSchema)
    .mutation(({ ctx, input }) => saveSeoOverride(ctx.db, input)),
});
