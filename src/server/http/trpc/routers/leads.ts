import { z } from 'zod';
import { leadStatuses } from '../../../../../db/schema/index.ts';
import { restoreSpamLead } from '../../../services/contact.ts';
import { alertRecipient } from '../../../services/lead-notifier.ts';
import { countNewLeads, listLeads, setLeadStatus } from '../../../services/leads.ts';
import { router, staffInternalProcedure } from '../init.ts';

export const leadFilterSchema = z.object({
  status: z.enum(leadStatuses).optional(),
  search: z.string().trim().max(200).optional(),
  spam: z.boolean().optional(),
});

const leadId = z.object({ id: z.coerce.number().int().positive() });

// Editors answer leads too, so every procedure here is for staff. Nothing here changes a public page.
export const leadsRouter = router({
  list: staffInternalProcedure
    .input(leadFilterSchema.optional())
    .query(({ ctx, input }) => listLeads(ctx.db, input ?? {})),
  countNew: staffInternalProcedure.query(({ ctx }) => countNewLeads(ctx.db)),
  setStatus: staffInternalProcedure
    .input(leadId.extend({ status: z.enum(leadStatuses) }))
    .mutation(({ ctx, input }) => setLeadStatus(ctx.db, input.id, input.status)),
  notSpam: staffInternalProcedure.input(leadId).mutation(async ({ ctx, input }) => {
    await restoreSpamLead(ctx, input.id);
    return { success: true as const };
  }),
  /**
   * Whether new-lead alerts have an address to go to; the address itself only for an admin, since it
   * may be an account's email, which editors do not see.
   */
  alertRecipient: staffInternalProcedure.query(async ({ ctx }) => {
    const recipient = await alertRecipient(ctx.db);
    return { canSend: recipient !== null, recipient: ctx.auth.user.role === 'admin' ? recipient : null };
  }),
});
