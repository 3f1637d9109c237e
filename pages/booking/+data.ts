// https://vike.dev/data : what the manage link of a booking email opens. Opening it changes nothing
// (mail scanners open every link); only the page's buttons, which post, cancel or move the visit.
import type { PageContextServer } from 'vike/types';
import { bookingForToken, getAvailability } from '../../src/server/services/bookings.ts';
import { SENT_PARAM } from '../../src/shared/form-post.ts';

const DAYS_SHOWN = 14;

export async function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? '';
  const search = pageContext.urlParsed.search;
  const managed = await bookingForToken(pageContext.db, token, pageContext.now);
  const done = search[SENT_PARAM] ?? null;
  if (managed.state === 'unknown') return { state: 'unknown' as const };
  const { booking } = managed;
  const shown = {
    status: booking.status,
    date: booking.date,
    start: booking.start,
    end: booking.end,
    name: booking.name,
    address: booking.address,
    serviceTitle: booking.serviceTitle,
  };
  if (managed.state === 'over') return { state: 'over' as const, booking: shown, done };
  const change = managed.callInstead
    ? null
    : search.change === 'cancel'
      ? 'cancel'
      : search.change === 'reschedule'
        ? 'reschedule'
        : null;
  const windows =
    change === 'reschedule'
      ? (
          await getAvailability(pageContext.db, { zip: booking.zip, days: DAYS_SHOWN }, pageContext.now)
        ).windows.filter(
          (window) =>
            window.available > 0 && !(window.date === booking.date && window.start === booking.start),
        )
      : [];
  return { state: 'open' as const, booking: shown, callInstead: managed.callInstead, change, windows, done };
}

export type ManageBookingData = Awaited<ReturnType<typeof data>>;
