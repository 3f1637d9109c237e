import { z } from 'zod';
import { listMedia } from '../../../services/media.ts';
import { deleteUnusedMedia, listMediaLibrary, updateMediaAlt } from '../../../services/media-library.ts';
import { mediaIdSchema, updateMediaAltInputSchema } from '../../../../shared/schemas/media.ts';
import { router, staffProcedure } from '../init.ts';

// Files arrive through POST /api/admin/upload (multipart); tRPC lists what is there for the editor and
// the Media tab. Editors may delete an unused upload as they may delete a post: both are theirs to manage.
export const mediaRouter = router({
  list: staffProcedure.query(({ ctx }) => listMedia(ctx.db)),
  library: staffProcedure.query(({ ctx }) => listMediaLibrary(ctx.db)),
  updateAlt: staffProcedure
    .input(updateMediaAltInputSchema)
    .mutation(({ ctx, input }) => updateMediaAlt(ctx.db, input.id, input.alt)),
  delete: staffProcedure.input(z.object({ id: mediaIdSchema })).mutation(async ({ ctx, input }) => {
    await deleteUnusedMedia(ctx.db, ctx.fileStore, input.id);
    return { success: true as const };
  }),
});
