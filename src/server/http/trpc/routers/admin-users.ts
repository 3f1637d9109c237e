import {
  createUserInputSchema,
  endUserSessionsInputSchema,
  resetUserPasswordInputSchema,
  setUserActiveInputSchema,
} from '../../../../shared/schemas/account.ts';
import {
  createStaffAccount,
  endAccountSessions,
  listStaffAccounts,
  resetAccountPassword,
  setAccountActive,
} from '../../../services/users.ts';
import { z } from 'zod';
import { actingRequest } from '../../request-context.ts';
import { isTwoStepRequired, setTwoStepRequired } from '../../../services/two-step.ts';
import { adminInternalProcedure, recentAdminProcedure, router } from '../init.ts';

// Accounts are the admin's alone (docs/decisions/011-roles-and-accounts.md); every change to them asks
// for the password within the last five minutes (docs/decisions/051-account-security.md).
export const adminUsersRouter = router({
  list: adminInternalProcedure.query(({ ctx }) => listStaffAccounts(ctx.db)),
  create: recentAdminProcedure
    .input(createUserInputSchema)
    .mutation(({ ctx, input }) =>
      createStaffAccount(ctx.db, actingRequest(ctx), input, ctx.config.publicUrl),
    ),
  setActive: recentAdminProcedure
    .input(setUserActiveInputSchema)
    .mutation(({ ctx, input }) => setAccountActive(ctx.db, actingRequest(ctx), input.id, input.isActive)),
  resetPassword: recentAdminProcedure.input(resetUserPasswordInputSchema).mutation(async ({ ctx, input }) => {
    await resetAccountPassword(ctx.db, actingRequest(ctx), input.id, input.password, ctx.config.publicUrl);
    return { success: true as const };
  }),
  twoStepRequired: adminInternalProcedure.query(({ ctx }) => isTwoStepRequired(ctx.db)),
  setTwoStepRequired: recentAdminProcedure
    .input(z.object({ required: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await setTwoStepRequired(ctx.db, actingRequest(ctx), input.required);
      return { required: input.required };
    }),
  endSessions: recentAdminProcedure.input(endUserSessionsInputSchema).mutation(async ({ ctx, input }) => ({
    ended: await endAccountSessions(ctx.db, actingRequest(ctx), input.id),
  })),
});
