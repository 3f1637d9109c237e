import { leadOrigin } from '../../services/analytics.ts';
import { createContactSubmission } from '../../services/contact.ts';
import { getSettings } from '../../services/settings.ts';
import { contactInputSchema } from '../../../shared/schemas/contact.ts';
import { looksLikeBot } from '../../../shared/schemas/spam.ts';
import { ForbiddenError } from '../../errors.ts';
import { publicProcedure, router } from '../init.ts';

export const contactRouter = router({
  send: publicProcedure.input(contactInputSchema).mutation(async ({ ctx, input }) => {
    const settings = await getSettings(ctx.db);
    if (!settings.contactFormEnabled) {
      throw new ForbiddenError(
        `The contact form is turned off at the moment. Please call us at ${settings.phoneNumber}.`,
      );
    }
    // A bot is told it succeeded, so it learns nothing; nothing is stored and nobody is alerted.
    if (looksLikeBot(input)) return { success: true as const };
    const { website: _honeypot, formFillMs: _fillMs, ...lead } = input;
    const origin = await leadOrigin(ctx.analytics, ctx.db, {
      address: ctx.clientAddress,
      userAgent: ctx.userAgent,
      referer: ctx.referer,
      host: ctx.host,
    });
    const submission = await createContactSubmission(ctx.db, { ...lead, ...origin });
    ctx.leadNotifier.notify(submission, settings);
    return { success: true as const };
  }),
});
