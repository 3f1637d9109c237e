import { z } from 'zod';
import { activityFilterSchema } from '../../../../shared/schemas/activity.ts';
import { activityKinds, listActivity, type ActivityFilter } from '../../../services/activity-log.ts';
import { router, staffInternalProcedure } from '../init.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The activity log: an admin reads everyone's entries, an editor only their own (whatever `user` they
 * ask for).
 */
export const activityRouter = router({
  list: staffInternalProcedure.input(activityFilterSchema).query(({ ctx, input }) => {
    const filter: ActivityFilter = {
      limit: input.limit,
      before: input.before,
      userId: ctx.auth.user.role === 'admin' ? input.user : ctx.auth.user.id,
      kind: input.kind,
      since: input.since ? new Date(`${input.since}T00:00:00Z`) : undefined,
      until: input.until ? new Date(new Date(`${input.until}T00:00:00Z`).getTime() + DAY_MS - 1) : undefined,
    };
    return listActivity(ctx.db, filter);
  }),
  kinds: staffInternalProcedure.input(z.void()).query(() => [...activityKinds]),
});
