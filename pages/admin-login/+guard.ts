// https://vike.dev/guard : someone already signed in has no use for the sign-in form.
import { redirect } from 'vike/abort';
import type { GuardAsync } from 'vike/types';
import { safeAdminReturn } from '../../src/shared/admin-return.ts';

export const guard: GuardAsync = async (pageContext) => {
  if (pageContext.user) throw redirect(safeAdminReturn(pageContext.urlParsed.search.next));
};
