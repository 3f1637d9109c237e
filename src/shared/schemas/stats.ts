import { z } from 'zod';

const DAYS_MESSAGE = 'days must be a whole number from 1 to 365';

/** GET /api/admin/stats?days=N and the dashboard's query: how many days back from today. */
export const statsInputSchema = z.object({
  days: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: DAYS_MESSAGE })
      .int(DAYS_MESSAGE)
      .min(1, DAYS_MESSAGE)
      .max(365, DAYS_MESSAGE)
      .default(30),
  ),
});

export type StatsInput = z.input<typeof statsInputSchema>;

export interface StatsTotals {
  visitors: number;
  pageviews: number;
  calls: number;
  leads: number;
  reviews: number;
}

export interface SiteStats {
  /** First and last day, YYYY-MM-DD in the company's time zone. */
  from: string;
  to: string;
  totals: StatsTotals;
  days: { date: string; visitors: number; pageviews: number; calls: number; leads: number }[];
  pages: { path: string; pageviews: number; visitors: number; calls: number; leads: number }[];
  sources: { source: string; visitors: number; leads: number }[];
  /**
   * Review requests made in the period, verified reviews received in it (sent through a request's
   * link), and the average stars of those verified reviews (null when there are none).
   */
  reviewRequests: { requestsSent: number; reviewsFromRequests: number; averageVerifiedRating: number | null };
}
