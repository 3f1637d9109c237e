import { z } from 'zod';
import { listMedia } from '../../../services/media.ts';
import { listMediaLibrary, updateMediaAlt } from '../../../services/media-library.ts';
import { trashItem } from '../../../services/content/trash.ts';
import { recordItemActivity } from '../../../services/content/item-activity.ts';
import { actingRequest } from '../../request-context.ts';
import { mediaIdSchema, updateMediaAltInputSchema } from '../../../../shared/schemas/media.ts';
import { router, staffProcedure } from '../init.ts';

// Files arrive through POST /api/admin/upload (multipart); tRPC lists what is there for the editor and
// the Media tab. Editors may delete an unused upload as they may delete a post: both are theirs to manage.
export const mediaRouter = router({
  list: staffProcedure.query(({ ctx }) => listMedia(ctx.db)),
  library: staffProcedure.query(({ ctx }) => listMediaLibrary(ctx.db)),
  updateAlt: staffProcedure.input(updateMediaAltInputSchema).mutation(async ({ ctx, input }) => {
    const item = await updateMediaAlt(ctx.db, input.id, input.alt);
    await recordItemActivity(ctx.db, actingRequest(ctx), {
      kind: 'content-edited',
      type: 'upload',
      key: String(input.id),
      summary: (upload) => `Edited ${upload}: Alt text`,
      fields: ['alt'],
    });
    return item;
  }),
  delete: staffProcedure.input(z.object({ id: mediaIdSchema })).mutation(async ({ ctx, input }) => {
    // To the Trash, unless a live post or page shows it (409 naming where); its files stay until purged.
    await trashItem(ctx.db, actingRequest(ctx), 'upload', String(input.id));
    return { success: true as const };
  }),
});
