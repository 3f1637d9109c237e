import { signIn, signOut } from '../../services/auth.ts';
import { loginInputSchema } from '../../../shared/schemas/login.ts';
import { publicProcedure, router } from '../init.ts';
import { looksLikeBot } from '../../../shared/schemas/spam.ts';
import { UnauthorizedError } from '../../errors.ts';
import { INVALID_CREDENTIALS_MESSAGE } from '../../services/users.ts';

export const authRouter = router({
  status: publicProcedure.query(({ ctx }) =>
    ctx.auth
      ? { authenticated: true as const, user: { username: ctx.auth.user.username, role: ctx.auth.user.role } }
      : { authenticated: false as const },
  ),
  login: publicProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    // A bot filling the honeypot gets the answer a wrong password gets, and nothing is checked.
    if (looksLikeBot(input)) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    const result = await signIn(ctx.db, ctx.loginThrottle, input, ctx.clientAddress);
    // A sign-in always replaces the session this browser had, so an old token never outlives it.
    await signOut(ctx.db, ctx.auth?.session.id);
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
