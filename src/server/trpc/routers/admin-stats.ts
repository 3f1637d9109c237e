import { getSiteStats } from '../../services/site-stats.ts';
import { statsInputSchema } from '../../../shared/schemas/stats.ts';
import { router, staffProcedure } from '../init.ts';

export const adminStatsRouter = router({
  get: staffProcedure.input(statsInputSchema).query(({ ctx, input }) => getSiteStats(ctx.db, input.days)),
});
