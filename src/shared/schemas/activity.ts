import { z } from 'zod';
import { isCalendarDay } from './booking.ts';

const day = z.string().refine(isCalendarDay, 'Use a date as YYYY-MM-DD').optional();

/**
 * The Activity tab's filter and `GET /api/admin/activity`: newest first, `before` an entry id for the
 * next page, `since` and `until` days on the company's clocks,
 * both included.
 */
export const activityFilterSchema = z.object({
  limit: z.coerce.number().int().min(1, 'Use 1 to 1000').max(1000, 'Use 1 to 1000').default(100),
  before: z.coerce.number().int().positive().optional(),
  user: z.coerce.number().int().positive().optional(),
  kind: z
    .string()
    .max(60)
    .regex(/^[a-z-]+$/, 'Unknown kind')
    .optional(),
  since: day,
  until: day,
});

export type ActivityFilterInput = z.input<typeof activityFilterSchema>;
