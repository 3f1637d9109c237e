import { getPublishedPost, listPublishedPosts } from '../../../services/posts.ts';
import { postIdSchema } from '../../../../shared/schemas/post.ts';
import { z } from 'zod';
import { publicProcedure, router } from '../init.ts';

export const postsRouter = router({
  list: publicProcedure.query(({ ctx }) => listPublishedPosts(ctx.db)),
  byId: publicProcedure
    .input(z.object({ id: postIdSchema }))
    .query(({ ctx, input }) => getPublishedPost(ctx.db, input.id)),
});
