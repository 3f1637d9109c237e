// How a booking's day and window read on every page and in every email: "Tuesday, December 1, 2026",
// "10 AM and 12 PM". The times are the company's local times as stored with the window.

/** "10 AM", "12:30 PM" from "10:00", "12:30". */
export function clockTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const suffix = hour < 12 ? 'AM' : 'PM';
  const shown = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? `${shown} ${suffix}` : `${shown}:${String(minute).padStart(2, '0')} ${suffix}`;
}

/** "10 AM and 12 PM", as in "arriving between 10 AM and 12 PM". */
export function arrivalWindow(start: string, end: string): string {
  return `${clockTime(start)} and ${clockTime(end)}`;
}

/** "Tuesday, December 1, 2026" from a calendar day. */
export function dayName(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
