/**
 * A public form sent without script (a plain HTML form post) and answered with the same page: what the
 * server found wrong, and what the visitor typed so nothing has to be typed again. A password is never
 * among the values.
 */
export interface FormPostOutcome {
  form: 'contact' | 'review' | 'login' | 'booking' | 'booking-manage';
  values: Record<string, string>;
  /** The first message for each field the schema refused. */
  fieldErrors: Record<string, string>;
  /** A message for the whole form (turned off, too many tries, wrong password), or null. */
  message: string | null;
  /** A full arrival window's next free windows, offered instead. */
  alternatives?: { date: string; start: string; end: string }[];
}

/** The hidden field carrying the server's signed "form shown at" time (fill time without script). */
export const FORM_STAMP_FIELD = 'formStamp';

/** Where a form post lands after success (Post/Redirect/Get): the query the page reads to say so. */
export const SENT_PARAM = 'sent';

/** The outcome for this form, if the page was answered to a post of it. */
export function outcomeFor(
  outcome: FormPostOutcome | null | undefined,
  form: FormPostOutcome['form'],
): FormPostOutcome | null {
  return outcome?.form === form ? outcome : null;
}

/**
 * The `sent` query of the page's address, the same on the server (from the page context's query) and in the
 * browser (from the address bar), so the hydrated page matches the server's HTML.
 */
export function sentParamOf(serverSearch: Record<string, string> | undefined): string | null {
  if (typeof window !== 'undefined') return new URLSearchParams(window.location.search).get(SENT_PARAM);
  return serverSearch?.[SENT_PARAM] ?? null;
}

/** Sent by the admin header's Logout form, which posts to the sign-in path (/admin-login). */
export const SIGN_OUT_FIELD = 'signOut';
