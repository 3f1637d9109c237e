import { bookingCounts } from '../../../services/bookings.ts';
import { getSiteStats } from '../../../services/site-stats.ts';
import { statsInputSchema } from '../../../../shared/schemas/stats.ts';
import { router, staffProcedure } from '../init.ts';

export const adminStatsRouter = router({
  get: staffProcedure.input(statsInputSchema).query(async ({ ctx, input }) => {
    // The owner looking at the dashboard sees the visits of the last few seconds too, at least those
    // this instance holds; the rest arrive at the other instances' next write.
    await ctx.analytics.flush();
    const stats = await getSiteStats(ctx.db, input.days);
    // In the same answer, not a second request the panel makes once this one is back: one round trip,
    // and nothing left in flight when the owner signs out.
    return { ...stats, bookings: await bookingCounts(ctx.db, stats.stats.from, stats.stats.to) };
  }),
});
