import { recordActivityBy } from '../../../services/activity-log.ts';
import { actingRequest } from '../../request-context.ts';
import { signIn, signOut } from '../../../services/auth.ts';
import { loginInputSchema } from '../../../../shared/schemas/login.ts';
import { publicProcedure, router } from '../init.ts';

export const authRouter = router({
  status: publicProcedure.query(({ ctx }) =>
    ctx.auth
      ? { authenticated: true as const, user: { username: ctx.auth.user.username, role: ctx.auth.user.role } }
      : { authenticated: false as const },
  ),
  login: publicProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    const result = await signIn(ctx.db, ctx.loginThrottle, input, {
      clientAddress: ctx.clientAddress,
      userAgent: ctx.userAgent,
      previousSessionId: ctx.auth?.session.id,
      now: ctx.now(),
    });
    ctx.setSessionCookie(result.token, result.expiresAt);
    return {
      success: true as const,
      message: 'Signed in',
      user: { username: result.user.username, role: result.user.role },
    };
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.db, ctx.auth?.session.id);
    if (ctx.auth)
      await recordActivityBy(ctx.db, actingRequest({ ...ctx, auth: ctx.auth }), {
        kind: 'sign-out',
        summary: 'Signed out',
      });
    ctx.clearSessionCookie();
    return { success: true as const };
  }),
});
