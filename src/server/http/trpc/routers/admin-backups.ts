import { backupSettingsSchema } from '../../../../shared/schemas/backup.ts';
import { getBackupStatus, saveBackupSettings } from '../../../services/backup/nightly.ts';
import { recordActivityBy } from '../../../services/activity-log.ts';
import { actingRequest } from '../../request-context.ts';
import { adminProcedure, router } from '../init.ts';

// Backups hold every account's password hash and every lead: the admin's alone, like settings.
export const adminBackupsRouter = router({
  status: adminProcedure.query(({ ctx }) => getBackupStatus(ctx.db, ctx.config.backupDir)),
  saveSettings: adminProcedure.input(backupSettingsSchema).mutation(async ({ ctx, input }) => {
    const saved = await saveBackupSettings(ctx.db, input, ctx.now());
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'settings-changed',
      summary: input.enabled
        ? `Set the nightly backup to ${input.time}, keeping ${input.keep}`
        : 'Turned the nightly backup off',
      details: { fields: Object.keys(input) },
    });
    return saved;
  }),
});
