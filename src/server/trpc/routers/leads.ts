import { z } from 'zod';
import { leadStatuses } from '../../../../db/schema/index.ts';
import { countNewLeads, listLeads, setLeadStatus } from '../../services/leads.ts';
import { router, staffProcedure } from '../init.ts';

export const leadFilterSchema = z.object({
  status: z.enum(leadStatuses).optional(),
  search: z.string().trim().max(200).optional(),
});

// Editors answer leads too (issue 5), so every procedure here is for staff.
export const leadsRouter = router({
  list: staffProcedure
    .input(leadFilterSchema.optional())
    .query(({ ctx, input }) => listLeads(ctx.db, input ?? {})),
  countNew: staffProcedure.query(({ ctx }) => countNewLeads(ctx.db)),
  setStatus: staffProcedure
    .input(z.object({ id: z.coerce.number().int().positive(), status: z.enum(leadStatuses) }))
    .mutation(({ ctx, input }) => setLeadStatus(ctx.db, input.id, input.status)),
});
