// https://vike.dev/data : what the personal link opens. Showing the page records that the link was
// followed and uses nothing up; only sending the review spends it (mail scanners open every link).
import type { PageContextServer } from 'vike/types';
import { openReviewLink } from '../../src/server/services/review-requests.ts';

export async function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? '';
  const link = await openReviewLink(pageContext.db, token);
  // The token travels back to the browser only to be sent with the review, from the page it came in.
  return link.state === 'open' ? { state: link.state, name: link.name, token } : { state: link.state };
}

export type PersonalReviewData = Awaited<ReturnType<typeof data>>;
