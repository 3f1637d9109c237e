// Whether the office is open at a moment, read from the hours the owner writes in Settings
// ("8:00 AM - 6:00 PM", "Closed") in the company's time zone.
import { companyDateTimeFormat } from './company-time.ts';
import { weekdays, type Weekday } from './weekdays.ts';

const RANGE =
  /^\s*(\d{1,2})(?::(\d{2}))?\s*([AaPp][Mm])\s*[-–to]+\s*(\d{1,2})(?::(\d{2}))?\s*([AaPp][Mm])\s*$/;

function minutesOf(hour: string, minute: string | undefined, half: string): number {
  const h = Number(hour) % 12;
  return (half.toLowerCase() === 'pm' ? h + 12 : h) * 60 + Number(minute ?? 0);
}

const localClockOptions: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * Open (true), closed (false), or null when the day's hours do not read as a range or "Closed" (the
 * page then only shows them as written).
 */
export function isOpenAt(hours: Record<Weekday, string>, at: Date): boolean | null {
  const parts = companyDateTimeFormat('en-US', localClockOptions).formatToParts(at);
  const day = parts.find((part) => part.type === 'weekday')!.value.toLowerCase() as Weekday;
  const minutes =
    Number(parts.find((part) => part.type === 'hour')!.value) * 60 +
    Number(parts.find((part) => part.type === 'minute')!.value);
  const written = hours[weekdays.includes(day) ? day : 'monday'];
  if (/^\s*closed\s*$/i.test(written)) return false;
  const match = RANGE.exec(written);
  if (!match) return null;
  const opens = minutesOf(match[1]!, match[2], match[3]!);
  const closes = minutesOf(match[4]!, match[5], match[6]!);
  return minutes >= opens && minutes < closes;
}

/** Today's hours as the owner wrote them, in the company's time zone. */
export function hoursToday(hours: Record<Weekday, string>, at: Date): string {
  const day = companyDateTimeFormat('en-US', localClockOptions)
    .formatToParts(at)
    .find((part) => part.type === 'weekday')!
    .value.toLowerCase() as Weekday;
  return hours[day];
}
