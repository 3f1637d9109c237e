/** "November 2026": how the month of a job (YYYY-MM, company time) is shown on a review and in emails. */
export function formatJobMonth(jobMonth: string): string {
  const [year, month] = jobMonth.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 15)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
