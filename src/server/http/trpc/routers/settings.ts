import { getAdminSettings, getPublicSettings, saveSettings } from '../../../services/settings.ts';
import { siteSettingsInputSchema } from '../../../../shared/schemas/settings.ts';
import { adminProcedure, publicProcedure, router } from '../init.ts';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => getPublicSettings(ctx.db)),
});

export const adminSettingsRouter = router({
  get: adminProcedure.query(({ ctx }) => getAdminSettings(ctx.db)),
  save: adminProcedure.input(siteSettingsInputSchema).mutation(async ({ ctx, input }) => {
    const saved = await saveSettings(ctx.db, input);
    // Other instances read the switch at their next flush; this one obeys at once.
    ctx.analytics.enabled = saved.analyticsEnabled;
    return saved;
  }),
});
