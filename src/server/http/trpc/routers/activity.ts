import { addDays, companyTimeZone } from '../../../../shared/company-time.ts';
import { activityFilterSchema } from '../../../../shared/schemas/activity.ts';
import { wallTimeToInstant } from '../../../../shared/zoned-time.ts';
import { listActivity, type ActivityFilter } from '../../../services/activity-log.ts';
import { router, staffInternalProcedure } from '../init.ts';

/** When `day` (YYYY-MM-DD) begins on the company's clocks, which is when the owner's day begins. */
const startOfCompanyDay = (day: string) => wallTimeToInstant(day, '00:00', companyTimeZone());

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
      since: input.since ? startOfCompanyDay(input.since) : undefined,
      until: input.until ? new Date(startOfCompanyDay(addDays(input.until, 1)).getTime() - 1) : undefined,
    };
    return listActivity(ctx.db, filter);
  }),
});
