import { getSiteStats } from '../../../services/site-stats.ts';
import { statsInputSchema } from '../../../../shared/schemas/stats.ts';
import { router, staffProcedure } from '../init.ts';

export const adminStatsRouter = router({
  get: staffProcedure.input(statsInputSchema).query(async ({ ctx, input }) => {
    // The owner looking at the dashboard sees the visits of the last few seconds too, at least those
    // this instance holds; the rest arrive at the other instances' next write.
    await ctx.analytics.flush();
    return getSiteStats(ctx.db, input.days);
  }),
});
