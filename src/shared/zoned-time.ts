// A wall-clock time in a named time zone turned into an instant, with Intl alone: Node 20 has no
// Temporal. Every place that reads "this day at HH:MM in that zone" goes through wallTimeToInstant, so
// the nights the clocks change are decided once.

const DAY_MS = 86_400_000;

// One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's clocks are ahead of UTC at `ms` (negative west of Greenwich), in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)!.value);
  const shownAsUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  // The clock shows whole seconds; compare it with the instant cut to whole seconds too.
  return shownAsUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the clocks in `timeZone` show `time` (HH:MM, 24-hour) on `day` (YYYY-MM-DD).
 *
 * - A time the clocks skip when they spring forward resolves to the first minute after the gap: 02:30 on
 *   2026-03-08 in America/New_York is 03:00 EDT (07:00 UTC). Every skipped time of a night resolves to
 *   that one instant, never to one before the gap.
 * - A time the clocks show twice when they fall back resolves to the first time it is shown: 01:30 on
 *   2026-11-01 in America/New_York is 01:30 EDT (05:30 UTC), not the 01:30 EST an hour later.
 */
export function wallTimeToInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(year, month - 1, date, hour, minute);
  // The zone's offsets before and after that night. A day either side reaches past any change of the
  // clocks that night, and no zone changes its clocks twice within two days.
  const offsetBefore = offsetAt(wallAsUtc - DAY_MS, timeZone);
  const offsetAfter = offsetAt(wallAsUtc + DAY_MS, timeZone);
  // Each offset gives an instant; it is real only if the clocks show that offset at it. Two real
  // instants mean a repeated time (the earlier is the first showing), none a skipped one.
  const shown = [offsetBefore, offsetAfter]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => offsetAt(instant, timeZone) === wallAsUtc - instant)
    .sort((a, b) => a - b);
  if (shown.length > 0) return new Date(shown[0]!);
  // Skipped: read with the offset after the change the time falls before the change, and with the
  // offset before it falls after. The change itself, found to the second, is the first time shown
  // after the gap.
  let beforeChange = wallAsUtc - offsetAfter;
  let afterChange = wallAsUtc - offsetBefore;
  while (afterChange - beforeChange > 1000) {
    const middle = beforeChange + Math.floor((afterChange - beforeChange) / 2000) * 1000;
    if (offsetAt(middle, timeZone) === offsetBefore) beforeChange = middle;
    else afterChange = middle;
  }
  return new Date(afterChange);
}

/** An instant as the company's clocks show it, `YYYY-MM-DDTHH:MM`, as a datetime-local field takes it. */
export function instantToWallTime(at: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** A datetime-local field's `YYYY-MM-DDTHH:MM`, read on the clocks of `timeZone`, as an instant. */
export function wallTimeInputToInstant(value: string, timeZone: string): Date {
  const [day, time] = value.split('T') as [string, string];
  return wallTimeToInstant(day, time.slice(0, 5), timeZone);
}
