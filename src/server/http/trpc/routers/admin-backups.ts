import { backupSettingsSchema } from '../../../../shared/schemas/backup.ts';
import { getBackupStatus, saveBackupSettings } from '../../../services/backup/nightly.ts';
import { adminProcedure, router } from '../init.ts';

// Backups hold every account's password hash and every lead: the admin's alone, like settings.
export const adminBackupsRouter = router({
  status: adminProcedure.query(({ ctx }) => getBackupStatus(ctx.db, ctx.config.backupDir)),
  saveSettings: adminProcedure
    .input(backupSettingsSchema)
    .mutation(({ ctx, input }) => saveBackupSettings(ctx.db, input)),
});
