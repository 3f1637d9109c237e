import {
  contentItemSchema,
  saveDraftInputSchema,
  scheduleChangeInputSchema,
  scheduledChangeIdSchema,
  trashSettingsSchema,
  versionIdSchema,
} from '../../../../shared/schemas/content.ts';
import { compareVersion, listVersions, restoreVersion } from '../../../services/content/history.ts';
import {
  getTrashSettings,
  listTrash,
  purgeFromTrash,
  restoreFromTrash,
  saveTrashSettings,
} from '../../../services/content/trash.ts';
import {
  cancelScheduledChange,
  listPendingChanges,
  scheduleChange,
} from '../../../services/content/scheduled.ts';
import { discardDraft, findDraft, saveDraft } from '../../../services/content/drafts.ts';
import { ForbiddenError } from '../../../errors.ts';
import { actingRequest } from '../../request-context.ts';
import { ADMIN_ONLY_MESSAGE, adminInternalProcedure, router, staffInternalProcedure } from '../init.ts';

/**
 * History and the Trash of every kind of content, by type and id. Staff restore (editors manage posts,
 * reviews, leads and uploads); only an admin deletes for good or sets how long the Trash keeps things.
 * The settings' history is an admin's, as the settings are.
 */
export const contentRouter = router({
  versions: staffInternalProcedure.input(contentItemSchema).query(({ ctx, input }) => {
    assertMayEdit(ctx.auth.user.role, input.type);
    return listVersions(ctx.db, input.type, input.id);
  }),
  compare: staffInternalProcedure.input(versionIdSchema).query(async ({ ctx, input }) => {
    const comparison = await compareVersion(ctx.db, input.versionId);
    assertMayEdit(ctx.auth.user.role, comparison.type);
    return comparison;
  }),
  restoreVersion: staffInternalProcedure.input(versionIdSchema).mutation(async ({ ctx, input }) => {
    const comparison = await compareVersion(ctx.db, input.versionId);
    assertMayEdit(ctx.auth.user.role, comparison.type);
    const restored = await restoreVersion(ctx.db, actingRequest(ctx), input.versionId);
    ctx.contentChanged(restored.tables);
    return { type: restored.type, id: restored.id, version: restored.version };
  }),
  trash: staffInternalProcedure.query(({ ctx }) => listTrash(ctx.db)),
  restoreFromTrash: staffInternalProcedure.input(contentItemSchema).mutation(async ({ ctx, input }) => {
    const { tables } = await restoreFromTrash(ctx.db, actingRequest(ctx), input.type, input.id);
    ctx.contentChanged(tables);
    return { success: true as const };
  }),
  purge: adminInternalProcedure.input(contentItemSchema).mutation(async ({ ctx, input }) => {
    const outcome = await purgeFromTrash(ctx.db, actingRequest(ctx), input.type, input.id, {
      fileStore: ctx.fileStore,
    });
    return { purged: outcome === 'purged' };
  }),
  /** Autosave: nothing a visitor sees changes, so no page is dropped from the cache. */
  saveDraft: staffInternalProcedure.input(saveDraftInputSchema).mutation(({ ctx, input }) => {
    assertMayEdit(ctx.auth.user.role, input.type);
    return saveDraft(ctx.db, actingRequest(ctx), input.type, input.id, input.document, input.baseVersion);
  }),
  draft: staffInternalProcedure.input(contentItemSchema).query(({ ctx, input }) => {
    assertMayEdit(ctx.auth.user.role, input.type);
    return findDraft(ctx.db, actingRequest(ctx), input.type, input.id);
  }),
  discardDraft: staffInternalProcedure.input(contentItemSchema).mutation(async ({ ctx, input }) => {
    await discardDraft(ctx.db, actingRequest(ctx), input.type, input.id);
    return { success: true as const };
  }),
  /**
   * A change to a live item that goes live at a set time ("update on Monday 6 AM"): nothing a visitor
   * sees changes until then, so no page is dropped from the cache now.
   */
  scheduleChange: staffInternalProcedure.input(scheduleChangeInputSchema).mutation(({ ctx, input }) => {
    assertMayEdit(ctx.auth.user.role, input.type);
    return scheduleChange(ctx.db, actingRequest(ctx), input.type, input.id, input.document, input.runAt);
  }),
  scheduledChanges: staffInternalProcedure.input(contentItemSchema).query(({ ctx, input }) => {
    assertMayEdit(ctx.auth.user.role, input.type);
    return listPendingChanges(ctx.db, input.type, input.id);
  }),
  cancelScheduledChange: staffInternalProcedure
    .input(scheduledChangeIdSchema)
    .mutation(async ({ ctx, input }) => {
      await cancelScheduledChange(ctx.db, actingRequest(ctx), input.changeId, (type) =>
        assertMayEdit(ctx.auth.user.role, type),
      );
      return { success: true as const };
    }),
  trashSettings: staffInternalProcedure.query(({ ctx }) => getTrashSettings(ctx.db)),
  saveTrashSettings: adminInternalProcedure
    .input(trashSettingsSchema)
    .mutation(({ ctx, input }) => saveTrashSettings(ctx.db, actingRequest(ctx), input)),
});

/** An editor has no business with the settings, nor with their history. */
function assertMayEdit(role: string, type: string): void {
  if (type === 'settings' && role !== 'admin') throw new ForbiddenError(ADMIN_ONLY_MESSAGE);
}
