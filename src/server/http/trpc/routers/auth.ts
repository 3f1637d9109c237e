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
    const result = await signIn(ctx.db, ctx.loginThrottle, input, ctx.clientAddress, ctx.auth?.session.id);
    ctx.setSessionCookie(result.token, result.expiresAt);
    return {
      success: true as const,
      message: 'Signed in',
      user: { username: result.user.username, role: result.user.role },
    };
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.db, ctx.auth?.session.id);
    ctx.clearSessionCookie();
    return { success: true as const };
  }),
});
