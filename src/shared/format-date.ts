import { remembered } from './remembered.ts';

/** A post without a publish date reads 'Recently published'. */
export const RECENTLY_PUBLISHED = 'Recently published';

// Dates are shown in the company's time zone on the server and in the browser alike, so the
// server HTML and the hydrated page agree (a visitor's own zone would differ from the server's).
const TIME_ZONE = 'America/New_York';

// Made once: toLocaleDateString with options builds a new formatter on every call, which cost more than
// the rest of a post card's render.
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

// Remembered: a page shows the same few dates on every render, and formatting one took a microsecond.
const dateLabel = remembered((iso: string) => labelOf(iso, dateFormat));
const dateTimeLabel = remembered((iso: string) => labelOf(iso, dateTimeFormat));

function labelOf(iso: string, format: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? RECENTLY_PUBLISHED : format.format(date);
}

export function formatPostDate(iso: string | null | undefined): string {
  return iso ? dateLabel(iso) : RECENTLY_PUBLISHED;
}

/** The news-post variant also shows the time. */
export function formatPostDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeLabel(iso) : RECENTLY_PUBLISHED;
}
