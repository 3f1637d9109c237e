import { listMedia } from '../../services/media.ts';
import { router, staffProcedure } from '../init.ts';

// Files arrive through POST /api/admin/upload (multipart); tRPC lists what is there for the editor.
export const mediaRouter = router({
  list: staffProcedure.query(({ ctx }) => listMedia(ctx.db)),
});
