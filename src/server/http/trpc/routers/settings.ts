import { z } from 'zod';
import { getAdminSettings, getPublicSettings, saveSettings } from '../../../services/settings.ts';
import { currentVersion, saveWithHistory } from '../../../services/content/history.ts';
import { SETTINGS_KEY } from '../../../services/content/types.ts';
import { siteSettingsInputSchema } from '../../../../shared/schemas/settings.ts';
import { baseVersionSchema } from '../../../../shared/schemas/content.ts';
import { actingRequest } from '../../request-context.ts';
import { adminProcedure, publicProcedure, router } from '../init.ts';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => getPublicSettings(ctx.db)),
});

/** The settings with the version a save from them is checked against (0 before the first save). */
export const saveSiteSettingsInputSchema = z.intersection(
  siteSettingsInputSchema,
  z.object({ version: baseVersionSchema }),
);

export const adminSettingsRouter = router({
  get: adminProcedure.query(async ({ ctx }) => ({
    ...(await getAdminSettings(ctx.db)),
    version: (await currentVersion(ctx.db, 'settings', SETTINGS_KEY))?.version ?? 0,
  })),
  /** Kept in the settings' history; refused (409) when `version` is older than the stored one. */
  save: adminProcedure.input(saveSiteSettingsInputSchema).mutation(async ({ ctx, input }) => {
    const { version: baseVersion, ...values } = input;
    const { result: saved, version } = await saveWithHistory(
      ctx.db,
      actingRequest(ctx),
      { type: 'settings', key: SETTINGS_KEY, baseVersion, editedKind: 'settings-changed' },
      async (tx) => ({ key: SETTINGS_KEY, result: await saveSettings(tx, values, ctx.now()) }),
    );
    // Other instances read the switch at their next flush; this one obeys at once.
    ctx.analytics.enabled = saved.analyticsEnabled;
    return { ...saved, version };
  }),
});
