// https://vike.dev/guard : no admin HTML reaches anyone without a valid session.
import { redirect } from 'vike/abort';
import type { GuardAsync } from 'vike/types';

export const guard: GuardAsync = async (pageContext) => {
  if (!pageContext.user) throw redirect('/admin-login');
};
