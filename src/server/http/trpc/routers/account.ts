import { z } from 'zod';
import {
  changeEmailInputSchema,
  changePasswordInputSchema,
  reauthenticateInputSchema,
} from '../../../../shared/schemas/account.ts';
import {
  addPasskeyInputSchema,
  removePasskeyInputSchema,
  renamePasskeyInputSchema,
} from '../../../../shared/schemas/passkey.ts';
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  listPasskeys,
  relyingPartyFor,
  removePasskey,
  renamePasskey,
} from '../../../services/passkeys.ts';
import { reauthenticate } from '../../../services/auth.ts';
import {
  listOwnSessions,
  signOutOtherSessions,
  signOutOwnSession,
} from '../../../services/account-sessions.ts';
import { changeOwnEmail, changeOwnPassword, getStaffAccount } from '../../../services/users.ts';
import { isRecentlyAuthenticated } from '../../../services/sessions.ts';
import { actingRequest } from '../../request-context.ts';
import { recentStaffProcedure, router, staffInternalProcedure } from '../init.ts';
import { getSettings } from '../../../services/settings.ts';
import {
  beginTotpSetup,
  confirmTotpSetup,
  disableTotp,
  regenerateRecoveryCodes,
  twoStepStatus,
} from '../../../services/two-step.ts';
import { secondStepInputSchema } from '../../../../shared/schemas/login.ts';

const sessionIdInputSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'No such session') });

// The signed-in user's own account: any role.
export const accountRouter = router({
  me: staffInternalProcedure.query(({ ctx }) => getStaffAccount(ctx.db, ctx.auth.user.id)),
  // The current password is asked for here, which is the re-authentication this change needs.
  changePassword: staffInternalProcedure.input(changePasswordInputSchema).mutation(async ({ ctx, input }) => {
    await changeOwnPassword(
      ctx.db,
      actingRequest(ctx),
      input.currentPassword,
      input.newPassword,
      ctx.config.publicUrl,
    );
    return { success: true as const };
  }),
  /** Proves again it is them, before a sensitive change: good for five minutes in this session. */
  reauthenticate: staffInternalProcedure.input(reauthenticateInputSchema).mutation(async ({ ctx, input }) => {
    await reauthenticate(ctx.db, ctx.loginThrottle, actingRequest(ctx), input);
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
  twoStep: staffInternalProcedure.query(({ ctx }) => twoStepStatus(ctx.db, ctx.auth.user.id)),
  // Two-step settings change how the account is protected: each asks for the password within five minutes.
  beginTotpSetup: recentStaffProcedure.mutation(async ({ ctx }) => {
    const { companyName } = await getSettings(ctx.db);
    return beginTotpSetup(ctx.db, actingRequest(ctx), companyName);
  }),
  confirmTotpSetup: recentStaffProcedure
    .input(secondStepInputSchema)
    .mutation(({ ctx, input }) => confirmTotpSetup(ctx.db, actingRequest(ctx), input.code)),
  disableTotp: recentStaffProcedure.mutation(async ({ ctx }) => {
    await disableTotp(ctx.db, actingRequest(ctx));
    return { success: true as const };
  }),
  regenerateRecoveryCodes: recentStaffProcedure.mutation(async ({ ctx }) => ({
    recoveryCodes: await regenerateRecoveryCodes(ctx.db, actingRequest(ctx)),
  })),
  // The address security emails go to: an attacker who changed it would silence them, so it asks for
  // the password within five minutes, and the old address is told.
  changeEmail: recentStaffProcedure
    .input(changeEmailInputSchema)
    .mutation(({ ctx, input }) => changeOwnEmail(ctx.db, actingRequest(ctx), input.email)),
  passkeys: staffInternalProcedure.query(({ ctx }) => listPasskeys(ctx.db, ctx.auth.user.id)),
  // Passkeys open the account: adding, renaming and removing one ask for the password within five minutes.
  beginPasskeyRegistration: recentStaffProcedure.mutation(async ({ ctx }) =>
    beginPasskeyRegistration(ctx.db, actingRequest(ctx), await relyingPartyFor(ctx.db, ctx.config.publicUrl)),
  ),
  finishPasskeyRegistration: recentStaffProcedure
    .input(addPasskeyInputSchema)
    .mutation(async ({ ctx, input }) =>
      finishPasskeyRegistration(
        ctx.db,
        actingRequest(ctx),
        await relyingPartyFor(ctx.db, ctx.config.publicUrl),
        input,
      ),
    ),
  renamePasskey: recentStaffProcedure
    .input(renamePasskeyInputSchema)
    .mutation(({ ctx, input }) => renamePasskey(ctx.db, actingRequest(ctx), input.id, input.name)),
  removePasskey: recentStaffProcedure.input(removePasskeyInputSchema).mutation(async ({ ctx, input }) => {
    await removePasskey(ctx.db, actingRequest(ctx), input.id);
    return { success: true as const };
  }),
  endOtherSessions: staffInternalProcedure.mutation(async ({ ctx }) => ({
    ended: await signOutOtherSessions(ctx.db, actingRequest(ctx)),
  })),
});
