import { changePasswordInputSchema } from '../../../../shared/schemas/account.ts';
import { changeOwnPassword, getStaffAccount } from '../../../services/users.ts';
import { router, staffInternalProcedure } from '../init.ts';

// The signed-in user's own account: any role.
export const accountRouter = router({
  me: staffInternalProcedure.query(({ ctx }) => getStaffAccount(ctx.db, ctx.auth.user.id)),
  changePassword: staffInternalProcedure.input(changePasswordInputSchema).mutation(async ({ ctx, input }) => {
    await changeOwnPassword(
      ctx.db,
      ctx.auth.user.id,
      ctx.auth.session.id,
      input.currentPassword,
      input.newPassword,
    );
    return { success: true as const };
  }),
});
