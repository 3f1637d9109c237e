/** The company's time zone: every day on the dashboard is a day in Cumming, Georgia. */
export const COMPANY_TIME_ZONE = 'America/New_York';

// en-CA writes dates as YYYY-MM-DD.
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) an instant falls on in the company's time zone. */
export function companyDay(at: Date): string {
  return dayFormat.format(at);
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

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Nov 26, 2026, 4:40 AM EST": an instant as the owner reads it, in the company's time zone. */
export function formatCompanyDateTime(at: Date): string {
  return dateTimeFormat.format(at);
}

const clockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** "12:04 PM": the time of day of an instant in the company's time zone. */
export function formatCompanyClock(at: Date): string {
  return clockFormat.format(at);
}
