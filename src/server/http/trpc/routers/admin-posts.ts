import { z } from 'zod';
import { createPost, listAllPosts, updatePost, type AdminPost } from '../../../services/posts.ts';
import { currentVersions, saveWithHistory } from '../../../services/content/history.ts';
import { trashItem } from '../../../services/content/trash.ts';
import {
  postIdSchema,
  savePostInputSchema,
  schedulePostChangeInputSchema,
} from '../../../../shared/schemas/post.ts';
import {
  cancelScheduledChange,
  listPendingChanges,
  scheduleChange,
} from '../../../services/content/scheduled.ts';
import { scheduledChangeIdSchema } from '../../../../shared/schemas/content.ts';
import { NotFoundError } from '../../../errors.ts';
import { actingRequest } from '../../request-context.ts';
import { router, staffInternalProcedure, staffProcedure } from '../init.ts';

/** A post as the editor loads it: with the version a save from it is checked against. */
export type VersionedPost = AdminPost & { version: number };

export const adminPostsRouter = router({
  list: staffProcedure.query(async ({ ctx }): Promise<VersionedPost[]> => {
    const posts = await listAllPosts(ctx.db);
    const versions = await currentVersions(
      ctx.db,
      'post',
      posts.map((post) => String(post.id)),
    );
    return posts.map((post) => ({ ...post, version: versions.get(String(post.id)) ?? 0 }));
  }),
  create: staffProcedure
    .input(savePostInputSchema)
    .mutation(async ({ ctx, input }): Promise<VersionedPost> => {
      const { result, version } = await saveWithHistory(
        ctx.db,
        actingRequest(ctx),
        { type: 'post', key: null },
        async (tx) => {
          const post = await createPost(tx, input.type, input.post, ctx.now());
          return { key: String(post.id), result: post };
        },
      );
      return { ...result, version };
    }),
  /** Refused (409, naming who saved and when) when `version` is older than the stored one. */
  update: staffProcedure
    .input(savePostInputSchema.extend({ id: postIdSchema }))
    .mutation(async ({ ctx, input }): Promise<VersionedPost> => {
      const { result, version } = await saveWithHistory(
        ctx.db,
        actingRequest(ctx),
        { type: 'post', key: String(input.id), baseVersion: input.version },
        async (tx) => ({
          key: String(input.id),
          result: await updatePost(tx, input.id, input.type, input.post, ctx.now()),
        }),
      );
      return { ...result, version };
    }),
  /**
   * Schedules an edit of a post ("update on Monday 6 AM"): visitors see the post as it is until then,
   * when whichever instance is running saves it.
   */
  scheduleChange: staffInternalProcedure
    .input(schedulePostChangeInputSchema.extend({ id: postIdSchema }))
    .mutation(({ ctx, input }) =>
      scheduleChange(
        ctx.db,
        actingRequest(ctx),
        'post',
        String(input.id),
        { type: input.type, ...input.post, publishedAt: input.post.publishedAt?.toISOString() ?? null },
        input.runAt,
      ),
    ),
  scheduledChanges: staffInternalProcedure
    .input(z.object({ id: postIdSchema }))
    .query(({ ctx, input }) => listPendingChanges(ctx.db, 'post', String(input.id))),
  /** Cancels a post's change only; content.cancelScheduledChange cancels any kind's. */
  cancelScheduledChange: staffInternalProcedure
    .input(scheduledChangeIdSchema)
    .mutation(async ({ ctx, input }) => {
      await cancelScheduledChange(ctx.db, actingRequest(ctx), input.changeId, (type) => {
        if (type !== 'post') throw new NotFoundError('No such scheduled change to a post');
      });
      return { success: true as const };
    }),
  /** Moves the post to the Trash; it comes back from there with everything it had. */
  delete: staffProcedure.input(z.object({ id: postIdSchema })).mutation(async ({ ctx, input }) => {
    await trashItem(ctx.db, actingRequest(ctx), 'post', String(input.id));
    return { success: true as const };
  }),
});
