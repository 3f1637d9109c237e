import { z } from 'zod';
import { createPost, deletePost, listAllPosts, updatePost } from '../../../services/posts.ts';
import { postIdSchema, savePostInputSchema } from '../../../../shared/schemas/post.ts';
import { router, staffProcedure } from '../init.ts';

export const adminPostsRouter = router({
  list: staffProcedure.query(({ ctx }) => listAllPosts(ctx.db)),
  create: staffProcedure
    .input(savePostInputSchema)
    .mutation(({ ctx, input }) => createPost(ctx.db, input.type, input.post)),
  update: staffProcedure
    .input(savePostInputSchema.extend({ id: postIdSchema }))
    .mutation(({ ctx, input }) => updatePost(ctx.db, input.id, input.type, input.post)),
  delete: staffProcedure.input(z.object({ id: postIdSchema })).mutation(async ({ ctx, input }) => {
    await deletePost(ctx.db, input.id);
    return { success: true as const };
  }),
});
