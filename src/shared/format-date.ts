import { companyTimeZone } from './company-time.ts';
import { remembered } from './remembered.ts';

/** A post without a publish date reads 'Recently published'. */
export const RECENTLY_PUBLISHED = 'Recently published';

// Dates are shown in the company's time zone (a setting) on the server and in the browser alike, so the
// server HTML and the hydrated page agree (a visitor's own zone would differ from the server's).

// Made once per zone: toLocaleDateString with options builds a new formatter on every call, which cost
// more than the rest of a post card's render.
const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let known = formats.get(timeZone);
  if (!known) {
    const date = { year: 'numeric', month: 'long', day: 'numeric', timeZone } as const;
    known = {
      date: new Intl.DateTimeFormat('en-US', date),
      dateTime: new Intl.DateTimeFormat('en-US', { ...date, hour: 'numeric', minute: '2-digit' }),
    };
    formats.set(timeZone, known);
  }
  return known;
}

// Remembered by zone and date: a page shows the same few dates on every render, and formatting one took
// a microsecond.
const dateLabel = remembered((key: string) => labelOf(key, 'date'));
const dateTimeLabel = remembered((key: string) => labelOf(key, 'dateTime'));

function labelOf(key: string, kind: 'date' | 'dateTime'): string {
  const [timeZone, iso] = key.split(' ') as [string, string];
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? RECENTLY_PUBLISHED : formatsFor(timeZone)[kind].format(date);
}

export function formatPostDate(iso: string | null | undefined): string {
  return iso ? dateLabel(`${companyTimeZone()} ${iso}`) : RECENTLY_PUBLISHED;
}

/** The news-post variant also shows the time. */
export function formatPostDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeLabel(`${companyTimeZone()} ${iso}`) : RECENTLY_PUBLISHED;
}
