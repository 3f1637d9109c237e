import { z } from 'zod';
import { leadStatuses } from '../../../../../db/schema/index.ts';
import { restoreSpamLead } from '../../../services/contact.ts';
import { alertRecipient } from '../../../services/lead-notifier.ts';
import { countNewLeads, listLeads, setLeadStatus } from '../../../services/leads.ts';
import { recordActivityBy } from '../../../services/activity-log.ts';
import { trashItem } from '../../../services/content/trash.ts';
import { recordItemActivity } from '../../../services/content/item-activity.ts';
import { actingRequest } from '../../request-context.ts';
import { recentStaffProcedure, router, staffInternalProcedure } from '../init.ts';

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
  /**
   * Every matching lead at once, for the CSV export: a copy of every customer's contact details that
   * leaves the site, so it asks for the password within the last five minutes and is logged.
   */
  export: recentStaffProcedure.input(leadFilterSchema.optional()).query(async ({ ctx, input }) => {
    const leads = await listLeads(ctx.db, input ?? {});
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'leads-exported',
      summary: `Exported ${leads.length} lead${leads.length === 1 ? '' : 's'} as CSV`,
      details: { count: leads.length, filter: input ?? {} },
    });
    return leads;
  }),
  countNew: staffInternalProcedure.query(({ ctx }) => countNewLeads(ctx.db)),
  setStatus: staffInternalProcedure
    .input(leadId.extend({ status: z.enum(leadStatuses) }))
    .mutation(async ({ ctx, input }) => {
      await setLeadStatus(ctx.db, input.id, input.status);
      await recordItemActivity(ctx.db, actingRequest(ctx), {
        kind: 'content-edited',
        type: 'lead',
        key: String(input.id),
        summary: (item) => `Marked ${item} ${input.status}`,
        fields: ['status'],
      });
    }),
  /** Moves the lead to the Trash, where it can be restored with its alerts and status. */
  delete: staffInternalProcedure.input(leadId).mutation(async ({ ctx, input }) => {
    await trashItem(ctx.db, actingRequest(ctx), 'lead', String(input.id));
    return { success: true as const };
  }),
  notSpam: staffInternalProcedure.input(leadId).mutation(async ({ ctx, input }) => {
    await restoreSpamLead(ctx, input.id);
    await recordItemActivity(ctx.db, actingRequest(ctx), {
      kind: 'content-restored',
      type: 'lead',
      key: String(input.id),
      summary: (item) => `Took ${item} out of Spam`,
    });
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
