// https://vike.dev/data : the page an unsubscribe link opens only shows a button; mail scanners open
// every link in an email, so opening it changes nothing.
import type { PageContextServer } from 'vike/types';
import { unsubscribeLinkState } from '../../src/server/services/review-requests.ts';

export async function data(pageContext: PageContextServer) {
  const state = await unsubscribeLinkState(pageContext.db, pageContext.routeParams.token ?? '');
  return state ? { known: true as const, ...state } : { known: false as const };
}

export type UnsubscribeData = Awaited<ReturnType<typeof data>>;
