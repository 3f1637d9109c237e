import { recordActivityBy } from '../../../services/activity-log.ts';
import { actingRequest } from '../../request-context.ts';
import { completeSecondStep, signIn, signOut } from '../../../services/auth.ts';
import { UnauthorizedError } from '../../../errors.ts';
import { loginInputSchema, secondStepInputSchema } from '../../../../shared/schemas/login.ts';

const SIGN_IN_AGAIN_MESSAGE = 'Sign in with your password first (the code must follow within 10 minutes)';
import { publicProcedure, router } from '../init.ts';

export const authRouter = router({
  status: publicProcedure.query(({ ctx }) =>
    ctx.auth
      ? {
          authenticated: true as const,
          user: { username: ctx.auth.user.username, role: ctx.auth.user.role },
          ...(ctx.auth.session.twoStepSetupRequired ? { twoStepSetupRequired: true as const } : {}),
        }
      : { authenticated: false as const },
  ),
  login: publicProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    const result = await signIn(ctx.db, ctx.loginThrottle, input, {
      clientAddress: ctx.clientAddress,
      userAgent: ctx.userAgent,
      previousSessionId: ctx.auth?.session.id,
      now: ctx.now(),
      browserId: ctx.browserId,
    });
    ctx.setSessionCookie(result.token, result.expiresAt);
    ctx.rememberBrowserCookie();
    // The password was right and the second step comes next: the cookie stands for nothing else yet.
    if (result.secondStep)
      return {
        success: true as const,
        message: 'Enter the code from your app',
        secondStep: result.secondStep,
      };
    return {
      success: true as const,
      message: 'Signed in',
      user: { username: result.user.username, role: result.user.role },
      ...(result.twoStepSetupRequired ? { twoStepSetupRequired: true as const } : {}),
    };
  }),
  loginSecondStep: publicProcedure.input(secondStepInputSchema).mutation(async ({ ctx, input }) => {
    if (!ctx.pendingSignIn) throw new UnauthorizedError(SIGN_IN_AGAIN_MESSAGE);
    const result = await completeSecondStep(
      ctx.db,
      { user: ctx.pendingSignIn.user, sessionId: ctx.pendingSignIn.session.id },
      input.code,
      {
        clientAddress: ctx.clientAddress,
        userAgent: ctx.userAgent,
        now: ctx.now(),
        browserId: ctx.browserId,
      },
    );
    ctx.setSessionCookie(result.token, result.expiresAt);
    ctx.rememberBrowserCookie();
    return {
      success: true as const,
      message: 'Signed in',
      user: { username: result.user.username, role: result.user.role },
    };
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.db, ctx.auth?.session.id ?? ctx.pendingSignIn?.session.id);
    if (ctx.auth)
      await recordActivityBy(ctx.db, actingRequest({ ...ctx, auth: ctx.auth }), {
        kind: 'sign-out',
        summary: 'Signed out',
      });
    ctx.clearSessionCookie();
    return { success: true as const };
  }),
});
