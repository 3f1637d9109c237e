import { z } from 'zod';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Activity tab's filter and `GET /api/admin/activity`: newest first, `before` an entry id for the
 * next page, `since` and `until` days (UTC, both included).
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
  since: z.string().regex(dayPattern, 'Use a date as YYYY-MM-DD').optional(),
  until: z.string().regex(dayPattern, 'Use a date as YYYY-MM-DD').optional(),
});

export type ActivityFilterInput = z.input<typeof activityFilterSchema>;
