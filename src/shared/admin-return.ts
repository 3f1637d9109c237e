/**
 * Where sign-in returns to: an admin address someone opened before signing in (the link in a new-lead
 * email, `/admin?tab=leads&lead=12`) is carried through the sign-in page as `?next=`.
 */
export const ADMIN_HOME = '/admin';

/** Only the admin area itself: a `next` pointing anywhere else (another site included) is ignored. */
export function safeAdminReturn(next: string | null | undefined): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || /[\\\s]/.test(next)) return ADMIN_HOME;
  return next;
}

/** The sign-in page, remembering the admin address to come back to. */
export function loginPathFor(target: string): string {
  const next = safeAdminReturn(target);
  return next === ADMIN_HOME ? '/admin-login' : `/admin-login?next=${encodeURIComponent(next)}`;
}
