/** A fresh install's time zone, until the owner sets the company's own under Settings. */
export const DEFAULT_COMPANY_TIME_ZONE = 'America/New_York';

/**
 * The company's time zone (a setting): every day on the dashboard, every date a page shows and every
 * scheduled time is read in it. The server sets it from the settings as they change (on any instance:
 * src/server/services/company-zone.ts), the browser from the page's settings before it hydrates, so a
 * reader always sees the current zone without asking the database. It is kept on `globalThis`, not in
 * this module: the server runs this module twice, once in its own bundle and once in the pages' bundle,
 * and both must read the one zone.
 */
const ZONE_KEY = Symbol.for('plumbing-site.company-time-zone');

interface HoldsZone {
  [ZONE_KEY]?: string;
}

/** The company's time zone now: cheap and synchronous, for code that cannot wait on the database. */
export function companyTimeZone(): string {
  return (globalThis as HoldsZone)[ZONE_KEY] ?? DEFAULT_COMPANY_TIME_ZONE;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat in the company's time zone as it is now. Made once per zone and options:
 * making one costs far more than using it, and the zone may change while the server runs.
 */
export function companyDateTimeFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const timeZone = companyTimeZone();
  const key = `${timeZone} ${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** Whether `name` is a time zone this runtime knows (an IANA name such as America/Denver). */
export function isKnownTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Makes `timeZone` the company's zone from now on; an unknown name is ignored (the zone stays). */
export function setCompanyTimeZone(timeZone: string): void {
  if (timeZone !== companyTimeZone() && isKnownTimeZone(timeZone))
    (globalThis as HoldsZone)[ZONE_KEY] = timeZone;
}

// en-CA writes dates as YYYY-MM-DD. One formatter per zone: building one costs far more than using it.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatFor(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the company's time zone. */
export function companyDay(at: Date): string {
  return dayFormatFor(companyTimeZone()).format(at);
}

/** A calendar day moved by whole days; calendar arithmetic, so no daylight-saving hour can shift it. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** "Nov 26, 2026, 4:40 AM EST": an instant as the owner reads it, in the company's time zone. */
export function formatCompanyDateTime(at: Date): string {
  return companyDateTimeFormat('en-US', dateTimeOptions).format(at);
}

const clockOptions: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** "12:04 PM": the time of day of an instant in the company's time zone. */
export function formatCompanyClock(at: Date): string {
  return companyDateTimeFormat('en-US', clockOptions).format(at);
}
