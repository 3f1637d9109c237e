import { recordActivityBy } from '../../../services/activity-log.ts';
import { actingRequest } from '../../request-context.ts';
import {
  completeSecondStep,
  SIGN_IN_WITH_PASSWORD_FIRST_MESSAGE,
  signIn,
  signInWithPasskey,
  signOut,
  type SignInResult,
} from '../../../services/auth.ts';
import type { RequestContext } from '../../request-context.ts';
import { UnauthorizedError } from '../../../errors.ts';
import { loginInputSchema, secondStepInputSchema } from '../../../../shared/schemas/login.ts';
import {
  passkeySignInInputSchema,
  passkeySignInOptionsInputSchema,
} from '../../../../shared/schemas/passkey.ts';
import { beginPasskeySignIn, relyingPartyFor } from '../../../services/passkeys.ts';
import { publicProcedure, router } from '../init.ts';

/** A sign-in whose every step passed: the new session's cookie, and who is signed in. */
function signedIn(ctx: RequestContext, result: SignInResult) {
  ctx.setSessionCookie(result.token, result.expiresAt);
  ctx.rememberBrowserCookie();
  return {
    success: true as const,
    message: 'Signed in',
    user: { username: result.user.username, role: result.user.role },
  };
}

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
        message: result.secondStep === 'passkey' ? 'Use your passkey' : 'Enter the code from your app',
        secondStep: result.secondStep,
        secondSteps: result.secondSteps,
      };
    return {
      success: true as const,
      message: 'Signed in',
      user: { username: result.user.username, role: result.user.role },
      ...(result.twoStepSetupRequired ? { twoStepSetupRequired: true as const } : {}),
    };
  }),
  loginSecondStep: publicProcedure.input(secondStepInputSchema).mutation(async ({ ctx, input }) => {
    if (!ctx.pendingSignIn) throw new UnauthorizedError(SIGN_IN_WITH_PASSWORD_FIRST_MESSAGE);
    const result = await completeSecondStep(ctx.db, ctx.pendingSignIn, input.code, {
      clientAddress: ctx.clientAddress,
      userAgent: ctx.userAgent,
      now: ctx.now(),
      browserId: ctx.browserId,
    });
    return signedIn(ctx, result);
  }),
  /**
   * The options a browser needs to sign in with a passkey: alone, or as the second step of the sign-in
   * this browser's password began.
   */
  passkeyOptions: publicProcedure.input(passkeySignInOptionsInputSchema).mutation(async ({ ctx, input }) => {
    if (input.mode === 'second-step' && !ctx.pendingSignIn)
      throw new UnauthorizedError(SIGN_IN_WITH_PASSWORD_FIRST_MESSAGE);
    const relyingParty = await relyingPartyFor(ctx.db, ctx.config.publicUrl);
    return beginPasskeySignIn(ctx.db, relyingParty, {
      userId: input.mode === 'second-step' ? ctx.pendingSignIn!.user.id : null,
      clientAddress: ctx.clientAddress,
      now: ctx.now(),
    });
  }),
  loginPasskey: publicProcedure.input(passkeySignInInputSchema).mutation(async ({ ctx, input }) => {
    const result = await signInWithPasskey(
      ctx.db,
      ctx.loginThrottle,
      await relyingPartyFor(ctx.db, ctx.config.publicUrl),
      input,
      {
        clientAddress: ctx.clientAddress,
        userAgent: ctx.userAgent,
        previousSessionId: ctx.auth?.session.id,
        pending: ctx.pendingSignIn,
        now: ctx.now(),
        browserId: ctx.browserId,
      },
    );
    return signedIn(ctx, result);
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
