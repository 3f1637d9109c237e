import { listSeoOverrides, saveSeoOverride } from '../../../services/seo-overrides.ts';
import { seoOverrideInputSchema } from '../../../../shared/schemas/seo-override.ts';
import { recordActivityBy } from '../../../services/activity-log.ts';
import { actingRequest } from '../../request-context.ts';
import { adminProcedure, router } from '../init.ts';

// Settings, "Search & sharing": per-page metadata is a setting, so it is the admin's alone.
export const adminSeoRouter = router({
  list: adminProcedure.query(({ ctx }) => listSeoOverrides(ctx.db)),
  save: adminProcedure.input(seoOverrideInputSchema).mutation(async ({ ctx, input }) => {
    const saved = await saveSeoOverride(ctx.db, input);
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'settings-changed',
      summary: `${saved ? 'Set' : 'Cleared'} the search and sharing text of ${input.page}`,
      details: { page: input.page },
    });
    return saved;
  }),
});
