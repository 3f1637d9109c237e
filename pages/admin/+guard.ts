// https://vike.dev/guard : no admin HTML reaches anyone without a valid session.
import { redirect } from 'vike/abort';
import type { GuardAsync } from 'vike/types';
import { loginPathFor } from '../../src/shared/admin-return.ts';

export const guard: GuardAsync = async (pageContext) => {
  // The address asked for (a link in a new-lead email) is where sign-in comes back to.
  if (!pageContext.user) throw redirect(loginPathFor(pageContext.urlOriginal));
};
