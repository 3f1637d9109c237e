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
