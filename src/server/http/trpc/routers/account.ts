import { z } from 'zod';
import { changePasswordInputSchema, reauthenticateInputSchema } from '../../../../shared/schemas/account.ts';
import { reauthenticate } from '../../../services/auth.ts';
import {
  listOwnSessions,
  signOutOtherSessions,
  signOutOwnSession,
} from '../../../services/account-sessions.ts';
import { changeOwnPassword, getStaffAccount } from '../../../services/users.ts';
import { isRecentlyAuthenticated } from '../../../services/sessions.ts';
import { actingRequest } from '../../request-context.ts';
import { router, staffInternalProcedure } from '../init.ts';

const sessionIdInputSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'No such session') });

// The signed-in user's own account: any role.
export const accountRouter = router({
  me: staffInternalProcedure.query(({ ctx }) => getStaffAccount(ctx.db, ctx.auth.user.id)),
  // The current password is asked for here, which is the re-authentication this change needs.
  changePassword: staffInternalProcedure.input(changePasswordInputSchema).mutation(async ({ ctx, input }) => {
    await changeOwnPassword(ctx.db, actingRequest(ctx), input.currentPassword, input.newPassword);
    return { success: true as const };
  }),
  /** Proves again it is them, before a sensitive change: good for five minutes in this session. */
  reauthenticate: staffInternalProcedure.input(reauthenticateInputSchema).mutation(async ({ ctx, input }) => {
    await reauthenticate(ctx.db, ctx.loginThrottle, actingRequest(ctx), input.password);
    return { success: true as const };
  }),
  /** Whether a sensitive change would go through now: the panel asks for the password before a download. */
  recentlyAuthenticated: staffInternalProcedure.query(({ ctx }) => ({
    recent: isRecentlyAuthenticated(ctx.auth.session, ctx.now()),
  })),
  sessions: staffInternalProcedure.query(({ ctx }) => listOwnSessions(ctx.db, actingRequest(ctx))),
  // Ending sessions only takes access away, so it asks for no fresh password: someone who finds a
  // session of theirs they do not know should be able to end it at once.
  endSession: staffInternalProcedure.input(sessionIdInputSchema).mutation(async ({ ctx, input }) => {
    const ended = await signOutOwnSession(ctx.db, actingRequest(ctx), input.id);
    if (ended.current) ctx.clearSessionCookie();
    return ended;
  }),
  endOtherSessions: staffInternalProcedure.mutation(async ({ ctx }) => ({
    ended: await signOutOtherSessions(ctx.db, actingRequest(ctx)),
  })),
});
