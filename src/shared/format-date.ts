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

export function formatPostDate(iso: string | null | undefined): string {
  if (!iso) return RECENTLY_PUBLISHED;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return RECENTLY_PUBLISHED;
  return dateFormat.format(date);
}

/** The news-post variant also shows the time. */
export function formatPostDateTime(iso: string | null | undefined): string {
  if (!iso) return RECENTLY_PUBLISHED;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return RECENTLY_PUBLISHED;
  return dateTimeFormat.format(date);
}
