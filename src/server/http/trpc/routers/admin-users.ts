import {
  createUserInputSchema,
  resetUserPasswordInputSchema,
  setUserActiveInputSchema,
} from '../../../../shared/schemas/account.ts';
import {
  createStaffAccount,
  listStaffAccounts,
  resetAccountPassword,
  setAccountActive,
} from '../../../services/users.ts';
import { adminInternalProcedure, router } from '../init.ts';

// Accounts are the admin's alone (docs/decisions/011-roles-and-accounts.md).
export const adminUsersRouter = router({
  list: adminInternalProcedure.query(({ ctx }) => listStaffAccounts(ctx.db)),
  create: adminInternalProcedure
    .input(createUserInputSchema)
    .mutation(({ ctx, input }) => createStaffAccount(ctx.db, input)),
  setActive: adminInternalProcedure
    .input(setUserActiveInputSchema)
    .mutation(({ ctx, input }) => setAccountActive(ctx.db, ctx.auth.user.id, input.id, input.isActive)),
  resetPassword: adminInternalProcedure
    .input(resetUserPasswordInputSchema)
    .mutation(async ({ ctx, input }) => {
      await resetAccountPassword(ctx.db, input.id, input.password);
      return { success: true as const };
    }),
});
